// This file finds the generic functions of the loaded packages and
// their instances. go/ssa builds an instance where translated code uses
// it, and gives no access to one that nothing uses (var _ = F[int]
// builds one and drops it), so a generic function may have none.

package main

import (
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
)

// withoutTypeArgs returns the name of a function without the type
// arguments that end the name of an instance ("gen.First[int]" →
// "gen.First"; a method of a generic type, "(gen.L[int]).M", is left
// as it is).
func withoutTypeArgs(name string) string {
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") && !strings.HasPrefix(name, "(") {
		return name[:i]
	}
	return name
}

// genericsWithoutInstance returns the full names of the generic
// functions of the loaded packages that no function of the module is an
// instance of, sorted.
func genericsWithoutInstance(prog *bridge.Program) []string {
	instantiated := map[string]bool{}
	for _, f := range prog.Module.Funcs {
		instantiated[withoutTypeArgs(f.Name)] = true
	}
	var names []string
	for _, p := range prog.Packages {
		if p == nil {
			continue
		}
		for _, mem := range p.Members {
			if fn, ok := mem.(*ssa.Function); ok && fn.TypeParams().Len() > 0 {
				if full := p.Pkg.Path() + "." + fn.Name(); !instantiated[full] {
					names = append(names, full)
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// genericWithoutInstance returns the full name of the generic function
// without an instance that name names ("Last", "gen.Last", or its full
// name), or "".
func genericWithoutInstance(prog *bridge.Program, name string) string {
	for _, full := range genericsWithoutInstance(prog) {
		if full == name || nameSuffix(full, name) {
			return full
		}
	}
	return ""
}
