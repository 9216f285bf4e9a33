#!/bin/sh
# vetbench.sh measures `go vet -vettool=vssavet` against a vet tool that
# holds x/tools' nilness alone, side by side on the same packages:
#
#	sh cmd/vssavet/vetbench.sh [-n RUNS] [-m] [PATTERNS...]   (default: 3 runs, std)
#
# Both tools run RUNS times, interleaved, each time from a copy of one
# Go build cache that holds the packages' export data but no vet results
# (go vet caches them), so each run analyzes every package (cold).
# With -m (module-only, run from a module's directory), that cache also
# holds both tools' vet results of every package, and the runs vet a
# copy of the module whose every .go file has a comment appended: go
# vet analyzes the module's packages again (and compiles them), and
# takes std's and the dependencies' results from the cache. It prints
# each run's wall time, CPU time (user + system of go vet and every
# process it starts) and peak memory (the largest resident set of any one
# process: the vet tool on the largest package), then the median ratios.
# CPU time is the figure to trust on a loaded machine; wall time is not.
set -eu
runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
modonly=false
if [ "${1:-}" = "-m" ]; then modonly=true; shift; fi
[ $# -gt 0 ] || set -- std
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Built in vssa's module: the patterns may name another module's
# packages, run from its directory.
(cd "$root" && go build -o "$work/vssavet" ./cmd/vssavet)
mkdir "$work/nilvet"
cat > "$work/nilvet/main.go" <<'GO'
package main

import (
	"golang.org/x/tools/go/analysis/passes/nilness"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() { unitchecker.Main(nilness.Analyzer) }
GO
# The same x/tools as vssa's, from vssa's module.
(cd "$root" && go build -o "$work/nilvet.bin" "$work/nilvet/main.go")

if $modonly; then
	# A copy of the module, so that the user's files stay as they are.
	mod=$(go list -m -f '{{.Dir}}')
	cp -a "$mod" "$work/mod"
	cd "$work/mod"
fi
GOCACHE="$work/warm" go build "$@" >/dev/null 2>&1 || true
GOCACHE="$work/warm" go list -export "$@" >/dev/null
if $modonly; then
	for tool in nilvet.bin vssavet; do
		GOCACHE="$work/warm" go vet -vettool="$work/$tool" "$@" >/dev/null 2>&1 || true
	done
	find . -name '*.go' -exec sh -c 'for f; do echo "// vetbench: changed" >>"$f"; done' sh {} +
fi
ratios=""
cpuratios=""
memratios=""
i=1
while [ "$i" -le "$runs" ]; do
	for tool in nilvet.bin vssavet; do
		rm -rf "$work/run" && cp -a "$work/warm" "$work/run"
		/usr/bin/time -f "%e %U %S %M" -o "$work/time" \
			env GOCACHE="$work/run" go vet -vettool="$work/$tool" "$@" >/dev/null 2>&1 || true
		# GNU time writes a "Command exited with non-zero status" line first
		# when go vet reports something.
		read -r wall user sys rss <<EOF
$(tail -n 1 "$work/time")
EOF
		cpu=$(awk "BEGIN {printf \"%.1f\", $user + $sys}")
		echo "run $i $tool wall ${wall}s cpu ${cpu}s peak $((rss / 1024)) MB"
		case $tool in
		nilvet.bin) w_nil=$wall c_nil=$cpu m_nil=$rss ;;
		vssavet) w_vssa=$wall c_vssa=$cpu m_vssa=$rss ;;
		esac
	done
	ratios="$ratios $(awk "BEGIN {printf \"%.2f\", $w_vssa / $w_nil}")"
	cpuratios="$cpuratios $(awk "BEGIN {printf \"%.2f\", $c_vssa / $c_nil}")"
	memratios="$memratios $(awk "BEGIN {printf \"%.2f\", $m_vssa / $m_nil}")"
	i=$((i + 1))
done
median() { echo "$@" | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "vssavet / nilness alone, wall per run:$ratios, median $(median $ratios)x"
echo "vssavet / nilness alone, cpu per run:$cpuratios, median $(median $cpuratios)x"
echo "vssavet / nilness alone, peak memory per run:$memratios, median $(median $memratios)x"
