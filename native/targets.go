// This file finds what vssa compile is asked to compile: a function of
// the package (F) or a method (T.M, (*T).M). A method is compiled as
// the assembly function T_M whose first parameter is the receiver, and
// the method itself, on amd64, is a one-line Go wrapper that calls it
// (the assembler cannot define methods); gc inlines the wrapper.

package native

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// A target is one function to compile.
type target struct {
	name string        // as named on the command line
	asm  string        // the assembly function's name
	decl *ast.FuncDecl // the original's declaration
	// fdecl is the declaration as a function: the method's with its
	// receiver as the first parameter, named asm (the test's copy of
	// the original is made from it).
	fdecl  *ast.FuncDecl
	obj    *types.Func
	sig    *types.Signature // the assembly function's: the receiver first
	fn     *ssa.Function
	method *MethodInfo
	// generic, for an instantiation of a generic function, says which.
	generic *GenericInfo
}

// MethodInfo says how the wrapper method of a compiled method reads.
type MethodInfo struct {
	Recv string // the receiver's type, "T" or "*T"
	Name string
}

var methodName = regexp.MustCompile(`^(?:\(\*([A-Za-z_]\w*)\)|([A-Za-z_]\w*))\.([A-Za-z_]\w*)$`)

// findTargets resolves name in pkg: one target, or a generic
// function's instantiations (generics.go), with warnings about those
// left to the Go original.
func findTargets(pkg *packages.Package, prog *ssa.Program, name string) ([]*target, []string, error) {
	if !instanceName.MatchString(name) {
		if decl, _ := findDecl(pkg, name); decl == nil || decl.Type.TypeParams == nil {
			t, err := findTarget(pkg, prog, name)
			if err != nil {
				return nil, nil, err
			}
			return []*target{t}, nil, nil
		}
	}
	return genericTargets(pkg, prog, name)
}

// funcNames returns the names of the package's functions that names
// (as on the command line) compile: F for F[int64].
func funcNames(names []string) []string {
	var out []string
	for _, n := range names {
		if m := instanceName.FindStringSubmatch(n); m != nil {
			n = m[1]
		}
		out = append(out, n)
	}
	return out
}

// findTarget resolves name in pkg.
func findTarget(pkg *packages.Package, prog *ssa.Program, name string) (*target, error) {
	m := methodName.FindStringSubmatch(name)
	if m == nil {
		decl, obj := findDecl(pkg, name)
		if decl == nil {
			return nil, fmt.Errorf("no function %s in package %s (name a function F, or a method as T.M or (*T).M)", name, pkg.Name)
		}
		fn := prog.FuncValue(obj.(*types.Func))
		return &target{name: name, asm: name, decl: decl, fdecl: decl, obj: obj.(*types.Func), sig: obj.Type().(*types.Signature), fn: fn}, nil
	}
	ptr, typeName, method := m[1] != "", m[1]+m[2], m[3]
	named, ok := pkg.Types.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("no type %s in package %s", typeName, pkg.Name)
	}
	nt, ok := named.Type().(*types.Named)
	if !ok {
		return nil, fmt.Errorf("%s is not a defined type", typeName)
	}
	var obj *types.Func
	for i := 0; i < nt.NumMethods(); i++ {
		if nt.Method(i).Name() == method {
			obj = nt.Method(i)
		}
	}
	if obj == nil {
		return nil, fmt.Errorf("type %s has no method %s", typeName, method)
	}
	recv := obj.Type().(*types.Signature).Recv()
	_, isPtr := recv.Type().(*types.Pointer)
	if isPtr != ptr {
		want := typeName + "." + method
		if isPtr {
			want = "(*" + typeName + ")." + method
		}
		return nil, fmt.Errorf("%s has a %s receiver: name it %s", name, map[bool]string{true: "pointer", false: "value"}[isPtr], want)
	}
	asm := typeName + "_" + method
	if pkg.Types.Scope().Lookup(asm) != nil {
		return nil, fmt.Errorf("%s would be compiled as %s, which the package already declares", name, asm)
	}
	var decl *ast.FuncDecl
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && pkg.TypesInfo.Defs[fd.Name] == obj {
				decl = fd
			}
		}
	}
	if decl == nil {
		return nil, fmt.Errorf("no declaration of %s", name)
	}
	sig := obj.Type().(*types.Signature)
	params := []*types.Var{recv}
	for i := 0; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i))
	}
	fsig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
	recvType := typeName
	if ptr {
		recvType = "*" + typeName
	}
	return &target{name: name, asm: asm, decl: decl, fdecl: asFunction(decl, asm), obj: obj, sig: fsig, fn: prog.FuncValue(obj), method: &MethodInfo{Recv: recvType, Name: method}}, nil
}

// asFunction returns method decl as a function named name whose first
// parameter is the receiver (unnamed parameters become _, since a
// list cannot mix named and unnamed ones).
func asFunction(decl *ast.FuncDecl, name string) *ast.FuncDecl {
	var fields []*ast.Field
	for _, list := range []*ast.FieldList{decl.Recv, decl.Type.Params} {
		for _, f := range list.List {
			c := *f
			if len(c.Names) == 0 {
				c.Names = []*ast.Ident{ast.NewIdent("_")}
			}
			fields = append(fields, &c)
		}
	}
	typ := *decl.Type
	typ.Params = &ast.FieldList{Opening: decl.Type.Params.Opening, List: fields, Closing: decl.Type.Params.Closing}
	return &ast.FuncDecl{Doc: decl.Doc, Name: &ast.Ident{NamePos: decl.Name.NamePos, Name: name}, Type: &typ, Body: decl.Body}
}

// methodWrapper returns the Go method that calls the assembly function
// of compiled method c.
func methodWrapper(n names, c *Compiled) string {
	m := c.Method
	var params, args []string
	for i := 1; i < c.Sig.Params().Len(); i++ {
		t := n.typ(c.Sig.Params().At(i).Type())
		arg := fmt.Sprintf("p%d", i)
		if c.Sig.Variadic() && i == c.Sig.Params().Len()-1 {
			t = "..." + strings.TrimPrefix(t, "[]")
			arg += "..."
		}
		params = append(params, fmt.Sprintf("p%d %s", i, t))
		args = append(args, arg)
	}
	var results []string
	for i := 0; i < c.Sig.Results().Len(); i++ {
		results = append(results, n.typ(c.Sig.Results().At(i).Type()))
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	call := fmt.Sprintf("%s(%s)", c.Name, strings.Join(append([]string{"recv"}, args...), ", "))
	if len(results) > 0 {
		call = "return " + call
	}
	return fmt.Sprintf("// %s is compiled: its code is %s's.\nfunc (recv %s) %s(%s) %s {\n\t%s\n}\n\n", m.Name, c.Name, m.Recv, m.Name, strings.Join(params, ", "), res, call)
}
