#!/bin/sh
# vetbench.sh measures `go vet -vettool=vssavet` against a vet tool that
# holds x/tools' nilness alone, side by side on the same packages:
#
#	sh cmd/vssavet/vetbench.sh [-n RUNS] [PATTERNS...]   (default: 3 runs, std)
#
# Both tools run RUNS times, interleaved, each time from a copy of one
# Go build cache that holds the packages' export data but no vet results
# (go vet caches them), so each run analyzes every package. It prints
# each run's wall time and the median ratio.
set -eu
runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
[ $# -gt 0 ] || set -- std
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/vssavet" "$root/cmd/vssavet"
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

GOCACHE="$work/warm" go build "$@" >/dev/null 2>&1 || true
GOCACHE="$work/warm" go list -export "$@" >/dev/null
ratios=""
i=1
while [ "$i" -le "$runs" ]; do
	for tool in nilvet.bin vssavet; do
		rm -rf "$work/run" && cp -a "$work/warm" "$work/run"
		start=$(date +%s.%N)
		GOCACHE="$work/run" go vet -vettool="$work/$tool" "$@" >/dev/null 2>&1 || true
		end=$(date +%s.%N)
		t=$(awk "BEGIN {printf \"%.1f\", $end - $start}")
		echo "run $i $tool ${t}s"
		case $tool in nilvet.bin) t_nil=$t ;; vssavet) t_vssa=$t ;; esac
	done
	r=$(awk "BEGIN {printf \"%.2f\", $t_vssa / $t_nil}")
	ratios="$ratios $r"
	i=$((i + 1))
done
echo "vssavet / nilness alone, per run:$ratios"
echo "median: $(echo $ratios | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')x"
