// This file gives the generated tests (gofiles.go) inputs for the
// parameters compiled code calls (indirectcalls.go): a func value, or
// an interface whose methods the package names. Each input answers a
// call with results drawn from a generator seeded by its own seed and
// the call's arguments and place, so that the compiled function and
// its Go original get the same answers to the same calls, and writes
// the call to a log, which the check compares: the compiled code must
// make the calls the original makes, in its order, with its arguments.

package native

import (
	"fmt"
	"go/types"
	"strings"
)

// callsLogged reports whether values of type t are generated as
// logging calls (in a test of package pkg): func values, and interfaces
// with methods other than error (any and error stay nil, as results)
// whose methods pkg can declare (none unexported of another package).
func callsLogged(t types.Type, pkg *types.Package) bool {
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		if isInterface(t) || u.NumMethods() == 0 {
			return false
		}
		for i := 0; i < u.NumMethods(); i++ {
			if m := u.Method(i); !m.Exported() && m.Pkg() != pkg {
				return false
			}
		}
		return true
	}
	return false
}

// defineLog writes, once, the log of calls and the function that
// appends to it.
func (g *genSet) defineLog() {
	if g.logs {
		return
	}
	g.logs = true
	s := g.n.stem
	fmt.Fprintf(&g.body, `// %[1]sLog holds the calls of the func values and methods the inputs
// give, which a check compares between the two sides: the first 1024,
// and a hash of all (%[1]sLogSum) and their number.
var (
	%[1]sLog    []string
	%[1]sLogSum uint64
	%[1]sLogN   uint64
)

// %[1]sLogCall logs a call, and returns the seed of its results: of
// its arguments and its place in the log, so that a loop calling
// with the same arguments again (a generated Less(i, i) true) ends.
func %[1]sLogCall(seed uint64, name string, args ...any) uint64 {
	call := fmt.Sprint(name, args)
	%[1]sLogN++
	h := seed ^ %[1]sLogN*0x9e3779b97f4a7c15
	for i := 0; i < len(call); i++ {
		h = (h ^ uint64(call[i])) * 1099511628211
	}
	if len(%[1]sLog) < 1024 {
		%[1]sLog = append(%[1]sLog, call)
	}
	%[1]sLogSum = (%[1]sLogSum ^ h ^ seed) * 1099511628211
	return h
}

// %[1]sLogTake returns the calls logged, and empties the log.
func %[1]sLogTake() string {
	s := fmt.Sprint(%[1]sLogN, %[1]sLog, %[1]sLogSum)
	%[1]sLog, %[1]sLogSum, %[1]sLogN = nil, 0, 0
	return s
}

`, s)
}

// callBody returns the parameter list, the results and the body of a
// function or method of signature sig that logs its calls under name
// with seed (an expression) and answers with generated results.
func (g *genSet) callBody(sig *types.Signature, name, seed string) (params, results, body string) {
	var ps, logged, rs, gens []string
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		T := g.n.typ(t)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			T = "..." + g.n.typ(t.(*types.Slice).Elem())
		}
		ps = append(ps, fmt.Sprintf("p%d %s", i, T))
		arg := fmt.Sprintf("p%d", i)
		if !printedStably(t) {
			// Its address differs between the two sides: logged as
			// itself would make them differ where the code does not.
			arg = `"?"`
		}
		logged = append(logged, arg)
	}
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		rs = append(rs, g.n.typ(t))
		gens = append(gens, g.gen(t)+"(r)")
	}
	results = strings.Join(rs, ", ")
	if len(rs) > 1 {
		results = "(" + results + ")"
	}
	call := fmt.Sprintf("%sLogCall(%s, %q", g.n.stem, seed, name)
	if len(logged) > 0 {
		call += ", " + strings.Join(logged, ", ")
	}
	call += ")"
	if len(rs) == 0 {
		return strings.Join(ps, ", "), results, "\t" + call + "\n"
	}
	body = fmt.Sprintf("\tr := %sRandGen(%s)\n\treturn %s\n", g.n.stem, call, strings.Join(gens, ", "))
	return strings.Join(ps, ", "), results, body
}

// printedStably reports whether fmt prints a value of type t without
// an address: the same on both sides of a check.
func printedStably(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Slice:
		return printedStably(u.Elem())
	case *types.Array:
		return printedStably(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !printedStably(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// defineCalls writes the functions of type t, number i, a func value or
// an interface type with methods (callsLogged).
func (g *genSet) defineCalls(i int, t types.Type) {
	g.defineLog()
	s, T := g.n.stem, g.n.typ(t)
	w := &g.body
	switch u := t.Underlying().(type) {
	case *types.Signature:
		params, results, body := g.callBody(u, "", "seed")
		fmt.Fprintf(w, "func %sGen%d(g *%sGen) %s {\n\tif g.n(20) == 0 {\n\t\treturn nil\n\t}\n\tseed := g.u64()\n\treturn func(%s) %s {\n%s\t}\n}\n\n", s, i, s, T, params, results, indent(body))
		fmt.Fprintf(w, "func %sClone%d(x %s) %s { return x }\n\n", s, i, T, T)
		fmt.Fprintf(w, "func %sSame%d(x, y %s) bool { return (x == nil) == (y == nil) }\n\n", s, i, T)
	case *types.Interface:
		impl := fmt.Sprintf("%sImpl%d", s, i)
		fmt.Fprintf(w, "// %s answers the calls of %s's methods.\ntype %s struct{ seed uint64 }\n\n", impl, T, impl)
		for k := 0; k < u.NumMethods(); k++ {
			m := u.Method(k)
			params, results, body := g.callBody(m.Type().(*types.Signature), m.Name(), "x.seed")
			fmt.Fprintf(w, "func (x *%s) %s(%s) %s {\n%s}\n\n", impl, m.Name(), params, results, body)
		}
		fmt.Fprintf(w, "func %sGen%d(g *%sGen) %s {\n\tif g.n(20) == 0 {\n\t\treturn nil\n\t}\n\treturn &%s{seed: g.u64()}\n}\n\n", s, i, s, T, impl)
		fmt.Fprintf(w, "func %sClone%d(x %s) %s { return x }\n\n", s, i, T, T)
		fmt.Fprintf(w, "func %sSame%d(x, y %s) bool { return x == y }\n\n", s, i, T)
	}
}

// indent indents each line of body by one more tab.
func indent(body string) string {
	return "\t" + strings.ReplaceAll(strings.TrimSuffix(body, "\n"), "\n", "\n\t") + "\n"
}
