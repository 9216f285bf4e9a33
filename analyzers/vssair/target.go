package vssair

import (
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// targetSpecific reports whether the file of the package holding pos is
// built only for some targets: it has a //go:build line, or a name
// ending in _GOOS, _GOARCH or _GOOS_GOARCH (before _test), as go/build
// reads them.
func targetSpecific(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if pos < f.FileStart || f.FileEnd <= pos {
			continue
		}
		for _, group := range f.Comments {
			if group.Pos() >= f.Package {
				break
			}
			for _, c := range group.List {
				if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
					return true
				}
			}
		}
		return targetSuffix(pass.Fset.File(pos).Name())
	}
	return true // not a file of the package: say nothing of it
}

// targetSuffix reports whether a Go file's name restricts it to some
// targets (go/build's rule: x_GOOS.go, x_GOARCH.go, x_GOOS_GOARCH.go,
// with _test before .go).
func targetSuffix(name string) bool {
	name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(name), ".go"), "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return false
	}
	last := parts[len(parts)-1]
	return knownOS[last] || knownArch[last]
}

// The targets go/build knows (go tool dist list), and the operating
// systems it reads in names though Go does not build for them.
var (
	knownOS   = set("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")
	knownArch = set("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
