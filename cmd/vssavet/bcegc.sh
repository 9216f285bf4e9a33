#!/bin/sh
# bcegc.sh measures how many of bce's -bce.all reports under go vet are
# checks that gc keeps too, run from the directory of the module (or
# GOROOT/src for std) whose packages it names:
#
#	sh cmd/vssavet/bcegc.sh [-keep DIR] [PATTERNS...]   (default: ./...)
#
# It runs `go vet -vettool=vssavet -nilness=false -cond=false -bce.all`
# and `go build -gcflags=-d=ssa/check_bce/debug=1` on the same
# packages, and counts the reports (each once: go vet analyses a
# package and its test variant) on a line where gc reports a check of
# the same kind (Found IsInBounds for a bounds check, IsSliceInBounds
# for a slice check), as bce -bce.gc matches them. Reports in _test.go
# files are left out: go build does not compile them; so are those at
# absolute paths, outside the directory: go replays a dependency's vet
# output from its cache when the same tool vetted it as a named package
# before (go vet std, then a module that imports net). It prints the
# share, then the reports gc does not confirm, counted by reason and by
# package. With -keep DIR the lists stay in DIR (vet.txt, gc.txt,
# unconfirmed.txt). VSSAVET=PATH measures that vet tool instead of
# this checkout's.
set -eu
keep=""
if [ "${1:-}" = "-keep" ]; then keep=$2; shift 2; fi
[ $# -gt 0 ] || set -- ./...
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${VSSAVET:-}" ]; then
	cp "$VSSAVET" "$work/vssavet"
else
	(cd "$root" && go build -o "$work/vssavet" ./cmd/vssavet)
fi
# A trailer makes the tool's ID (-V=full hashes the file) new to go's
# cache: go vet replays a package's cached result, and one vetted
# before as a dependency of another (facts only) can replay as no report
# (std's slices: 1 report where a fresh tool makes 71).
printf '\nbcegc %s %s\n' "$$" "$(date +%s%N)" >>"$work/vssavet"

# go vet and go build print positions relative to the current directory
# (./ dropped), both the same way.
go vet -vettool="$work/vssavet" -nilness=false -cond=false -bce.all "$@" 2>"$work/vet.out" || true
grep -E '^[^#].*\.go:[0-9]+:[0-9]+: (slice )?bounds check left in a loop' "$work/vet.out" |
	sed 's|^\./||' | grep -v -e '_test\.go:' -e '^/' | sort -u >"$work/vet.txt" || true
go build -o /dev/null -gcflags=-d=ssa/check_bce/debug=1 "$@" 2>"$work/gc.out" || true
grep -E '\.go:[0-9]+:[0-9]+: Found Is(Slice)?InBounds$' "$work/gc.out" | sed 's|^\./||' |
	awk -F: '{kind = ($NF ~ /IsSliceInBounds/) ? "slice" : "index"; print $1 ":" $2 " " kind}' | sort -u >"$work/gc.txt"

awk -v gc="$work/gc.txt" -v un="$work/unconfirmed.txt" '
BEGIN { while ((getline l < gc) > 0) kept[l] = 1 }
{
	split($0, p, ":")
	kind = ($0 ~ /: slice bounds check left/) ? "slice" : "index"
	if (kept[p[1] ":" p[2] " " kind]) { yes++ } else { print > un }
	n++
}
END {
	if (n == 0) { print "no bce reports"; exit 1 }
	printf "%d of %d reports (%.1f%%) on a line where gc keeps a check of the same kind\n", yes, n, 100 * yes / n
}' "$work/vet.txt"
touch "$work/unconfirmed.txt"
echo "not confirmed, by reason:"
sed 's/^[^ ]* //; s/; .* before the loop removes it.*//' "$work/unconfirmed.txt" | sort | uniq -c | sort -rn
echo "not confirmed, by directory:"
sed 's|^[^/]*\.go:.*|.|; s|/[^/]*\.go:.*||' "$work/unconfirmed.txt" | sort | uniq -c | sort -rn
if [ -n "$keep" ]; then
	mkdir -p "$keep" && cp "$work/vet.txt" "$work/gc.txt" "$work/unconfirmed.txt" "$keep/"
fi
