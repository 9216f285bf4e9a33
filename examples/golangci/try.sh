#!/bin/sh
# try.sh builds golangci-lint v2 with vssa's module plugin compiled in,
# as `golangci-lint custom` does with .custom-gcl.yml (which clones
# golangci-lint's repository; this takes its module from the Go module
# proxy instead), and runs it with .golangci.yml on examples/redundant:
#
#	sh examples/golangci/try.sh [GOLANGCI_VERSION]   (default v2.8.0)
#
# It exits as golangci-lint does: 1 when it reports issues, as it must
# on that package.
set -eu
version=${1:-v2.8.0}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir "$work/gcl"
cat > "$work/gcl/main.go" <<'GO'
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
cd "$work/gcl"
go mod init example.com/gcl >/dev/null 2>&1
go mod edit -require=github.com/vssa-go/vssa@v0.0.0 -replace=github.com/vssa-go/vssa="$root"
go get "github.com/golangci/golangci-lint/v2@$version" >/dev/null 2>&1
go mod tidy >/dev/null 2>&1
go build -o "$work/custom-gcl" .

cd "$root/examples/redundant"
"$work/custom-gcl" run --config "$root/examples/golangci/.golangci.yml" .
