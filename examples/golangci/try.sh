#!/bin/sh
# try.sh runs golangci-lint v2 with vssa's module plugin on a module,
# building the binary once (build.sh, from the Go module proxy) and
# keeping it for the next runs:
#
#	sh $VSSA/examples/golangci/try.sh [DIR [PATTERN...]]
#
# DIR (default: $VSSA/examples/redundant) is any directory of a Go
# module; PATTERNs default to ./... . The configuration is DIR's
# .golangci.yml (or .golangci.yaml) if it has one, else
# examples/golangci/.golangci.yml, which enables the linter vssa alone.
# Environment:
#
#	GOLANGCI_VERSION  golangci-lint's version (default v2.8.0)
#	VSSA_GCL          the binary (default
#	                  ${XDG_CACHE_HOME:-$HOME/.cache}/vssa/custom-gcl-$GOLANGCI_VERSION);
#	                  built when missing, or older than a Go file of
#	                  vssa's clone (the plugin is compiled in)
#
# It exits as golangci-lint does: 1 when it reports issues.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
version=${GOLANGCI_VERSION:-v2.8.0}
bin=${VSSA_GCL:-${XDG_CACHE_HOME:-$HOME/.cache}/vssa/custom-gcl-$version}
dir=${1:-$root/examples/redundant}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- ./...

if [ ! -x "$bin" ] || [ -n "$(find "$root" -name '*.go' -newer "$bin" -print -quit)" ]; then
	mkdir -p "$(dirname "$bin")"
	echo "try.sh: building $bin (golangci-lint $version with vssa; minutes, once)" >&2
	sh "$root/examples/golangci/build.sh" -o "$bin.tmp" "$version"
	mv "$bin.tmp" "$bin"
fi

config=$root/examples/golangci/.golangci.yml
for c in "$dir/.golangci.yml" "$dir/.golangci.yaml"; do
	if [ -f "$c" ]; then
		config=$c
		break
	fi
done
cd "$dir"
exec "$bin" run --config "$config" "$@"
