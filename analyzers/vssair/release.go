package vssair

import (
	"errors"

	"golang.org/x/tools/go/analysis"
)

// ReleaseSyntax, set by a driver that knows it, says whether vssair is
// the only analyzer that reads the package of that path: x/tools'
// checker runs the other analyzers on the packages named on its command
// line alone, and vssair, which has facts, on their dependencies too.
// The checker keeps every package's syntax and type information to its
// end, though nothing reads a dependency's once its facts are derived
// (its dependents' types were checked before any analyzer ran, and
// their SSA takes a dependency's types, not its syntax): on compress's
// five packages they were half of vssalint's live heap. vssair then
// clears the package's syntax trees and the maps of its types.Info
// (not its types.Package, which its dependents' types refer to) once
// it has exported its facts, and a Complete on it fails.
var ReleaseSyntax func(pkgPath string) bool

// errReleased is Complete's error on a package whose syntax was
// released: the driver said no analyzer but vssair reads it.
var errReleased = errors.New("vssa: unsupported: the IR of a package whose syntax was released (a dependency the driver said no analyzer reports on)")

// releaseSyntax clears the package's syntax and type information if the
// driver says vssair alone reads it, and reports whether it did.
func releaseSyntax(pass *analysis.Pass) bool {
	if ReleaseSyntax == nil || !ReleaseSyntax(pass.Pkg.Path()) {
		return false
	}
	if info := pass.TypesInfo; info != nil {
		clear(info.Types)
		clear(info.Instances)
		clear(info.Defs)
		clear(info.Uses)
		clear(info.Implicits)
		clear(info.Selections)
		clear(info.Scopes)
		clear(info.FileVersions)
	}
	// pass.Files shares its array with the driver's package.
	clear(pass.Files)
	return true
}
