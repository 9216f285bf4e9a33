// This file compiles generic functions. Go assembly cannot implement a
// generic function, so each instantiation is compiled as a function of
// its own, F_int64 for F[int64], and F itself, on amd64, is a generic Go
// wrapper that switches on its type arguments: at a compiled
// instantiation it calls the assembly, at any other it runs the Go
// original, kept as written (renamed) in PREFIX_amd64.go.
//
// The instantiations are those named on the command line (F[int64],
// F[uint8,float64], F[[]int,int]) or, for a bare F, those the package
// uses. Their type arguments are basic types (integers, floats, bool,
// string), the package's types defined on them, and unnamed slices of
// those (slices' S ~[]E): the wrapper's type switch names them, and the
// compiled code has exactly their representation.

package native

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// GenericInfo says which instantiation of a generic function a compiled
// function is.
type GenericInfo struct {
	Origin *types.Func      // the generic function
	Decl   *ast.FuncDecl    // its declaration
	Args   []types.Type     // the type arguments
	Text   string           // them as Go writes them, "[int64]"
	GSig   *types.Signature // the generic signature
}

// typeArgsTaken says which type arguments instantiations compile at.
const typeArgsTaken = "basic types (integers, floats, bool, string), the package's types defined on them, and slices of those"

var instanceName = regexp.MustCompile(`^([A-Za-z_]\w*)\[(.*)\]$`)

// overlayName is the file, in the package's directory, that the load
// sees (and the disk never holds) instantiating the functions named
// with type arguments: go/ssa builds the instances a package uses.
const overlayName = "vssa_instances_overlay.go"

// instanceOverlay returns the overlay that instantiates the functions
// of funcs named with type arguments, and the name each of its lines
// instantiates (line → name), or nil if none is.
func instanceOverlay(dir string, funcs []string) (map[string][]byte, map[int]string, error) {
	var named []string
	for _, f := range funcs {
		if instanceName.MatchString(f) {
			named = append(named, f)
		}
	}
	if len(named) == 0 {
		return nil, nil, nil
	}
	ctx := build.Default
	ctx.BuildTags = append(ctx.BuildTags, "purego")
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		return nil, nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", bp.Name)
	lines := map[int]string{}
	for i, f := range named {
		lines[3+i] = f
		// A named variable: go/ssa builds no code for a blank one.
		fmt.Fprintf(&b, "var vssaInstance%d = %s\n", i, f)
	}
	return map[string][]byte{filepath.Join(dir, overlayName): []byte(b.String())}, lines, nil
}

// overlayErrors rewrites the load errors in the overlay (type
// arguments that do not name a type or satisfy the constraint) as
// errors of the names on the command line.
func overlayErrors(pkgs []*packages.Package, lines map[int]string) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for i, e := range p.Errors {
			file, rest, ok := strings.Cut(e.Pos, ":")
			if !ok || filepath.Base(file) != overlayName {
				continue
			}
			line, _, _ := strings.Cut(rest, ":")
			var n int
			fmt.Sscan(line, &n)
			if name, ok := lines[n]; ok {
				p.Errors[i].Pos = ""
				p.Errors[i].Msg = fmt.Sprintf("%s: the type arguments named on the command line: %s", name, e.Msg)
			}
		}
	})
}

// basicTypeArg reports whether t can be a compiled instantiation's type
// argument (a basic type, the package's type defined on one, or an
// unnamed slice of those), and says why not.
func basicTypeArg(t types.Type, pkg *types.Package) (string, bool) {
	switch t := t.(type) {
	case *types.Basic:
		if t.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean|types.IsString) != 0 && t.Info()&types.IsUntyped == 0 {
			return "", true
		}
	case *types.Named:
		if _, ok := t.Underlying().(*types.Basic); ok && t.Obj().Pkg() == pkg && t.TypeArgs().Len() == 0 && t.Obj().Parent() == pkg.Scope() {
			return basicTypeArg(t.Underlying(), pkg)
		}
		if t.Obj().Pkg() != pkg {
			return "a type of another package", false
		}
	}
	if sl, ok := t.(*types.Slice); ok {
		// slices' S ~[]E: an unnamed slice of such a type.
		if why, ok := basicTypeArg(sl.Elem(), pkg); !ok {
			return "a slice whose elements are " + why, false
		}
		return "", true
	}
	switch t.Underlying().(type) {
	case *types.Pointer:
		return "a pointer", false
	case *types.Slice:
		return "a slice type of its own", false
	case *types.Struct:
		return "a struct", false
	case *types.Interface:
		return "an interface", false
	case *types.Map:
		return "a map", false
	}
	return "not a basic type", false
}

// argName is how an instantiation's assembly name spells type argument
// t: byte and rune as uint8 and int32, the package's types by name,
// []int as slice_int.
func argName(t types.Type) string {
	switch t := t.(type) {
	case *types.Basic:
		return types.Typ[t.Kind()].Name()
	case *types.Slice:
		return "slice_" + argName(t.Elem())
	}
	return t.(*types.Named).Obj().Name()
}

// genericTargets resolves name, a generic function F with or without
// type arguments, to its instantiations: those named, or those the
// package uses. warnings says which of those it uses are left to the
// Go original.
func genericTargets(pkg *packages.Package, prog *ssa.Program, name string) (ts []*target, warnings []string, err error) {
	base, args, explicit := name, "", false
	if m := instanceName.FindStringSubmatch(name); m != nil {
		base, args, explicit = m[1], m[2], true
	}
	decl, o := findDecl(pkg, base)
	if decl == nil {
		return nil, nil, fmt.Errorf("no function %s in package %s (name a function F, a generic one as F or F[int64], or a method as T.M or (*T).M)", base, pkg.Name)
	}
	obj := o.(*types.Func)
	gsig := obj.Type().(*types.Signature)
	// Refusals are at the generic function's declaration.
	at := func(err error) error { return &PosError{Pos: pkg.Fset.Position(decl.Pos()), Err: err} }
	if gsig.TypeParams().Len() == 0 {
		return nil, nil, fmt.Errorf("%s is not generic: name it %s", base, base)
	}
	origin := prog.FuncValue(obj)
	var instances []*ssa.Function
	for fn := range ssautil.AllFunctions(prog) {
		if fn.Origin() == origin && len(fn.TypeArgs()) > 0 && !parameterized(fn.TypeArgs()) {
			instances = append(instances, fn)
		}
	}
	sort.Slice(instances, func(i, j int) bool { return instances[i].String() < instances[j].String() })
	var chosen []*ssa.Function
	for _, fn := range instances {
		text := typeArgsText(fn.TypeArgs(), pkg.Types)
		if explicit {
			if text == "["+spaceless(args)+"]" || sameArgs(fn.TypeArgs(), pkg, args) {
				chosen = append(chosen, fn)
				break
			}
			continue
		}
		chosen = append(chosen, fn)
	}
	if explicit && len(chosen) == 0 {
		return nil, nil, fmt.Errorf("internal error: no instance %s built", name)
	}
	var left []string
	for _, fn := range chosen {
		var why []string
		for _, a := range fn.TypeArgs() {
			if reason, ok := basicTypeArg(a, pkg.Types); !ok {
				why = append(why, fmt.Sprintf("%s is %s", types.TypeString(a, types.RelativeTo(pkg.Types)), reason))
			}
		}
		text := typeArgsText(fn.TypeArgs(), pkg.Types)
		if len(why) > 0 {
			if explicit {
				return nil, nil, at(fmt.Errorf("%s: unsupported: %s: compiled instantiations take %s; at other type arguments %s runs its Go original", name, strings.Join(why, ", "), typeArgsTaken, base))
			}
			left = append(left, base+text)
			continue
		}
		parts := []string{base}
		for _, a := range fn.TypeArgs() {
			parts = append(parts, argName(a))
		}
		asm := strings.Join(parts, "_")
		if pkg.Types.Scope().Lookup(asm) != nil {
			return nil, nil, fmt.Errorf("%s%s would be compiled as %s, which the package already declares", base, text, asm)
		}
		ts = append(ts, &target{
			name: base + text, asm: asm, decl: decl, fdecl: decl, obj: obj, sig: fn.Signature, fn: fn,
			generic: &GenericInfo{Origin: obj, Decl: decl, Args: fn.TypeArgs(), Text: text, GSig: gsig},
		})
	}
	if len(ts) == 0 {
		msg := fmt.Sprintf("%s is generic and the package instantiates it at no basic type arguments: name the ones to compile, as %s[int64]", base, base)
		if len(left) > 0 {
			msg = fmt.Sprintf("%s is generic and the package instantiates it only as %s, which compiled code cannot take (it takes %s): name the type arguments to compile, as %s[int64], or leave %s to gc", base, strings.Join(left, ", "), typeArgsTaken, base, base)
		}
		return nil, nil, at(errors.New(msg))
	}
	for _, l := range left {
		warnings = append(warnings, fmt.Sprintf("%s: %s is left to its Go original: compiled instantiations take %s", pkg.Fset.Position(decl.Pos()), l, typeArgsTaken))
	}
	return ts, warnings, nil
}

func parameterized(ts []types.Type) bool {
	for _, t := range ts {
		found := false
		var walk func(types.Type)
		walk = func(t types.Type) {
			switch t := t.(type) {
			case *types.TypeParam:
				found = true
			case *types.Pointer:
				walk(t.Elem())
			case *types.Slice:
				walk(t.Elem())
			case *types.Array:
				walk(t.Elem())
			case *types.Map:
				walk(t.Key())
				walk(t.Elem())
			case *types.Chan:
				walk(t.Elem())
			case *types.Named:
				for i := 0; i < t.TypeArgs().Len(); i++ {
					walk(t.TypeArgs().At(i))
				}
			}
		}
		walk(t)
		if found {
			return true
		}
	}
	return false
}

func spaceless(s string) string { return strings.Join(strings.Fields(s), "") }

// sameArgs reports whether the type arguments text (as named on the
// command line) denote targs.
func sameArgs(targs []types.Type, pkg *packages.Package, text string) bool {
	parts := strings.Split(text, ",")
	if len(parts) != len(targs) {
		return false
	}
	for i, p := range parts {
		tv, err := types.Eval(token.NewFileSet(), pkg.Types, token.NoPos, strings.TrimSpace(p))
		if err != nil || !tv.IsType() || !types.Identical(tv.Type, targs[i]) {
			return false
		}
	}
	return true
}

// typeArgsText returns "[int64]", "[uint8,T]": type arguments as the
// command line names them.
func typeArgsText(targs []types.Type, pkg *types.Package) string {
	var parts []string
	for _, a := range targs {
		parts = append(parts, argText(a, pkg))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// genericWrappers returns, for the generic functions of fns, the Go
// wrapper that dispatches to the compiled instantiations and the Go
// original kept under another name for the other type arguments.
func genericWrappers(n names, fns []*Compiled, fset *token.FileSet) (string, []*ast.FuncDecl, error) {
	var b bytes.Buffer
	var origins []*types.Func
	byOrigin := map[*types.Func][]*Compiled{}
	for _, c := range fns {
		if c.Generic == nil {
			continue
		}
		o := c.Generic.Origin
		if byOrigin[o] == nil {
			origins = append(origins, o)
		}
		byOrigin[o] = append(byOrigin[o], c)
	}
	var kept []*ast.FuncDecl
	for _, o := range origins {
		cs := byOrigin[o]
		g := cs[0].Generic
		sig := g.GSig
		goName := n.goName(o.Name())
		var tparams, tnames []string
		for i := 0; i < sig.TypeParams().Len(); i++ {
			tp := sig.TypeParams().At(i)
			tparams = append(tparams, tp.Obj().Name()+" "+n.typ(tp.Constraint()))
			tnames = append(tnames, tp.Obj().Name())
		}
		var params, args []string
		for i := 0; i < sig.Params().Len(); i++ {
			t := n.typ(sig.Params().At(i).Type())
			arg := fmt.Sprintf("p%d", i)
			if sig.Variadic() && i == sig.Params().Len()-1 {
				t = "..." + strings.TrimPrefix(t, "[]")
				args = append(args, arg+"...")
			} else {
				args = append(args, arg)
			}
			params = append(params, arg+" "+t)
		}
		var results []string
		for i := 0; i < sig.Results().Len(); i++ {
			results = append(results, n.typ(sig.Results().At(i).Type()))
		}
		res := strings.Join(results, ", ")
		if len(results) > 1 {
			res = "(" + res + ")"
		}
		var at []string
		for _, c := range cs {
			at = append(at, c.Generic.Text)
		}
		fmt.Fprintf(&b, "// %s is compiled at %s: at those type arguments it calls the\n// assembly, at others its Go original (%s).\n", o.Name(), strings.Join(at, ", "), goName)
		fmt.Fprintf(&b, "func %s[%s](%s) %s {\n", o.Name(), strings.Join(tparams, ", "), strings.Join(params, ", "), res)
		// One type switch per type parameter would nest: switch on
		// their tuple through the first, and compare the others.
		fmt.Fprintf(&b, "\tswitch any(*new(%s)).(type) {\n", tnames[0])
		// Instantiations that share their first type argument share a
		// case (a switch cannot repeat one).
		var firsts []string
		byFirst := map[string][]*Compiled{}
		for _, c := range cs {
			f := n.typ(c.Generic.Args[0])
			if byFirst[f] == nil {
				firsts = append(firsts, f)
			}
			byFirst[f] = append(byFirst[f], c)
		}
		for _, f := range firsts {
			fmt.Fprintf(&b, "\tcase %s:\n", f)
			for _, c := range byFirst[f] {
				// The other type parameters, compared one by one.
				var cond []string
				for k := 1; k < len(tnames); k++ {
					cond = append(cond, fmt.Sprintf("func() bool { _, ok := any(*new(%s)).(%s); return ok }()", tnames[k], n.typ(c.Generic.Args[k])))
				}
				indent := "\t\t"
				if len(cond) > 0 {
					fmt.Fprintf(&b, "\t\tif %s {\n", strings.Join(cond, " && "))
					indent = "\t\t\t"
				}
				var cargs []string
				// A value of a type that mentions the type parameters
				// has, at these type arguments, the instantiation's
				// type: the same memory, which Go converts only
				// through a pointer.
				for i := 0; i < sig.Params().Len(); i++ {
					arg := fmt.Sprintf("p%d", i)
					if !types.Identical(sig.Params().At(i).Type(), c.Sig.Params().At(i).Type()) {
						arg = fmt.Sprintf("*(*%s)(unsafe.Pointer(&%s))", n.typ(c.Sig.Params().At(i).Type()), arg)
					}
					cargs = append(cargs, arg)
				}
				var rs, conv []string
				for i := 0; i < sig.Results().Len(); i++ {
					r := fmt.Sprintf("r%d", i)
					rs = append(rs, r)
					if !types.Identical(sig.Results().At(i).Type(), c.Sig.Results().At(i).Type()) {
						r = fmt.Sprintf("*(*%s)(unsafe.Pointer(&%s))", results[i], r)
					}
					conv = append(conv, r)
				}
				call := fmt.Sprintf("%s(%s)", c.Name, spread(c.Sig, cargs))
				if len(rs) == 0 {
					fmt.Fprintf(&b, "%s%s\n%sreturn\n", indent, call, indent)
				} else {
					fmt.Fprintf(&b, "%s%s := %s\n%sreturn %s\n", indent, strings.Join(rs, ", "), call, indent, strings.Join(conv, ", "))
				}
				if len(cond) > 0 {
					b.WriteString("\t\t}\n")
				}
			}
		}
		b.WriteString("\t}\n")
		call := fmt.Sprintf("%s(%s)", goName, strings.Join(args, ", "))
		if len(results) > 0 {
			call = "return " + call
		}
		fmt.Fprintf(&b, "\t%s\n}\n\n", call)
		// The Go original, as written, under goName.
		d := *g.Decl
		d.Doc = nil
		d.Name = ast.NewIdent(goName)
		fmt.Fprintf(&b, "// %s is %s's Go original, as written, for the type arguments not compiled.\n", goName, o.Name())
		if err := printer.Fprint(&b, fset, &d); err != nil {
			return "", nil, err
		}
		b.WriteString("\n\n")
		kept = append(kept, g.Decl)
	}
	return b.String(), kept, nil
}

// goName is the name of generic function f's Go original on amd64.
func (n names) goName(f string) string { return n.stem + "Go" + f }

// refCall is how the test calls the copy of c's Go original:
// instantiated at c's type arguments if c is an instantiation.
func (n names) refCall(c *Compiled) string {
	if c.Generic != nil {
		return n.refName(c.Name) + c.Generic.Text
	}
	return n.refName(c.Name)
}

// writeWrapperCheck writes, into the check of generic instantiation c,
// the same call through the generic wrapper (which must dispatch to the
// assembly and convert the values there and back): on a copy of the
// inputs taken before the calls (d*), its results, panic and memory compared with the Go
// original's (w*, wantPanic and b* of the check).
func writeWrapperCheck(b *bytes.Buffer, n names, gens *genSet, c *Compiled) {
	params, results := c.Sig.Params(), c.Sig.Results()
	var args, rs []string
	for i := 0; i < params.Len(); i++ {
		args = append(args, fmt.Sprintf("d%d", i))
	}
	for i := 0; i < results.Len(); i++ {
		fmt.Fprintf(b, "\tvar v%d %s\n", i, n.typ(results.At(i).Type()))
		rs = append(rs, fmt.Sprintf("v%d", i))
	}
	assign := ""
	if len(rs) > 0 {
		assign = strings.Join(rs, ", ") + " = "
	}
	W := c.Generic.Origin.Name() + c.Generic.Text
	fmt.Fprintf(b, "\t// The generic wrapper, at these type arguments.\n\tviaPanic := %sCatch(func() { %s%s(%s) })\n", n.stem, assign, W, spread(c.Sig, args))
	fmt.Fprintf(b, "\tif viaPanic != wantPanic {\n\t\tt.Fatalf(\"%s(%%s): panic %%q, the Go original's %%q\", in, viaPanic, wantPanic)\n\t}\n", W)
	for i := 0; i < results.Len(); i++ {
		writeResultCheck(b, n, gens, c, W, i, fmt.Sprintf("v%d", i), fmt.Sprintf("w%d", i), "d%d", "b%d") // freshcaps.go
	}
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\tif !%s(d%d, b%d) {\n\t\tt.Fatalf(\"%s(%%s): argument %d is %%v after the call, after the Go original %%v\", in, d%d, b%d)\n\t}\n", gens.same(t), i, i, W, i, i, i)
		}
	}
}

// argText is type argument t as the command line names it: byte as
// uint8, the package's types unqualified.
func argText(t types.Type, pkg *types.Package) string {
	switch t := t.(type) {
	case *types.Basic:
		return types.Typ[t.Kind()].Name()
	case *types.Slice:
		return "[]" + argText(t.Elem(), pkg)
	}
	return types.TypeString(t, types.RelativeTo(pkg))
}
