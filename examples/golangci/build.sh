#!/bin/sh
# build.sh builds golangci-lint v2 with vssa's module plugin compiled in,
# as `golangci-lint custom` does with .custom-gcl.yml, but from the Go
# module proxy (golangci-lint custom clones golangci-lint's git
# repository), with vssa taken from the clone this script sits in:
#
#	sh examples/golangci/build.sh [-o FILE] [GOLANGCI_VERSION]
#
# FILE defaults to ./custom-gcl, the version to v2.8.0. Run the binary
# with .golangci.yml, which enables the linter vssa.
set -eu
out=custom-gcl
if [ "${1:-}" = -o ]; then
	out=$2
	shift 2
fi
version=${1:-v2.8.0}
case $out in
/*) ;;
*) out="$(pwd)/$out" ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/main.go" <<'GO'
// golangci-lint with vssa's plugin: the plugin registers itself in its
// init (register.Plugin), as in the binary golangci-lint custom builds.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"

	_ "github.com/vssa-go/vssa/analyzers/gclplugin"
)

func main() {
	if err := commands.Execute(commands.BuildInfo{Version: "custom-vssa"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}
GO
cd "$work"
go mod init example.com/gcl >/dev/null 2>&1
go mod edit -require=github.com/vssa-go/vssa@v0.0.0 -replace=github.com/vssa-go/vssa="$root"
go get "github.com/golangci/golangci-lint/v2@$version" >/dev/null 2>&1
go mod tidy >/dev/null 2>&1
go build -o "$out" .
