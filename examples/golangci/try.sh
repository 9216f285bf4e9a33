#!/bin/sh
# try.sh builds golangci-lint v2 with vssa's module plugin (build.sh, from
# the Go module proxy) and runs it with .golangci.yml on
# examples/redundant:
#
#	sh examples/golangci/try.sh [GOLANGCI_VERSION]   (default v2.8.0)
#
# It exits as golangci-lint does: 1 when it reports issues, as it must
# on that package.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sh "$root/examples/golangci/build.sh" -o "$work/custom-gcl" "$@"
cd "$root/examples/redundant"
"$work/custom-gcl" run --config "$root/examples/golangci/.golangci.yml" .
