// This file holds unsafe.Pointer parameters and the arithmetic done on
// them (xxh3's accumScalar reads through unsafe.Pointer(uintptr(p)+n)):
// Go's semantics for the arithmetic, and the two rules that keep the
// runtime's view sound. The declaration gives the argument its pointer
// type, so the garbage collector sees the argument frame's copy (it
// keeps the object alive); but an address held as an integer is not one
// the stack copier moves, so such a function is never //go:noescape and
// its callers cannot put what they pass on their stacks.

package native

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// unsafeRoom is how many bytes the generated test gives an
// unsafe.Pointer parameter to point at (gofiles.go); the function's
// integer parameters must be ranged so that it reads no further.
const unsafeRoom = 4096

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func isIntegerType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// unsafePointerParam notes a parameter of type unsafe.Pointer: what it
// points at may be reached through integers (uintptr(p)+n).
func (l *lowerer) unsafePointerParam() {
	l.m.IntPointers = true
}

// unsafePointerResult refuses a result of type unsafe.Pointer: the
// generated test gives the compiled function and its original each its
// own copy of the memory, so their pointers cannot be compared.
func (l *lowerer) unsafePointerResult() {
	l.fail("a result of type unsafe.Pointer: the generated test gives each function its own copy of the memory and cannot compare pointers into them; return an offset instead")
}

// unsafeAdd lowers unsafe.Add(p, n): p + n, n's value as held (extended
// from its width as its signedness says, as uintptr(n) converts it).
func (l *lowerer) unsafeAdd(in *ir.Instr) {
	args := in.CallArgs()
	l.m.IntPointers = true // what p + n points at may be a stack's
	v := l.def(GP, true, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Args: []Value{l.value(args[0]), l.value(args[1])}})
	l.vals[in.Dsts()[0]] = []Value{v}
}

// defineUnsafe writes the test's functions of an unsafe.Pointer (type
// number i, T in the test's terms): it points at unsafeRoom bytes of
// its own, random, copied for each function run and compared afterwards
// (what the function wrote). Never nil: code that does arithmetic on a
// pointer does not test it, and a nil one plus an offset past the first
// page faults in the Go original too, killing the test.
func (g *genSet) defineUnsafe(i int, T string) {
	s, w := g.n.stem, &g.body
	if g.n.used != nil {
		g.n.used["unsafe"] = "unsafe" // the originals may name it only through an alias (xxh3's ptr)
	}
	fmt.Fprintf(w, "func %sGen%d(g *%sGen) %s {\n\tb := make([]byte, %d)\n\tfor i := range b {\n\t\tb[i] = byte(g.int())\n\t}\n\treturn %s(&b[0])\n}\n\n", s, i, s, T, unsafeRoom, T)
	fmt.Fprintf(w, "func %sClone%d(x %s) %s {\n\tif x == nil {\n\t\treturn nil\n\t}\n\tc := make([]byte, %d)\n\tcopy(c, unsafe.Slice((*byte)(x), %d))\n\treturn %s(&c[0])\n}\n\n", s, i, T, T, unsafeRoom, unsafeRoom, T)
	fmt.Fprintf(w, "func %sRestore%d(x, y %s) {\n\tif x != nil {\n\t\tcopy(unsafe.Slice((*byte)(x), %d), unsafe.Slice((*byte)(y), %d))\n\t}\n}\n\n", s, i, T, unsafeRoom, unsafeRoom)
	fmt.Fprintf(w, "func %sSame%d(x, y %s) bool {\n\tif x == nil || y == nil {\n\t\treturn x == y\n\t}\n\treturn string(unsafe.Slice((*byte)(x), %d)) == string(unsafe.Slice((*byte)(y), %d))\n}\n\n", s, i, T, unsafeRoom, unsafeRoom)
}

// unrangedBesideUnsafe returns the first integer parameter of sig
// without a //vssa:range in decl if sig has an unsafe.Pointer
// parameter: the test's unsafeRoom bytes bound what the function may
// read only through ranged integers.
func unrangedBesideUnsafe(decl *ast.FuncDecl, sig *types.Signature) (string, bool) {
	hasUnsafe := false
	for k := 0; k < sig.Params().Len(); k++ {
		hasUnsafe = hasUnsafe || isUnsafePointer(sig.Params().At(k).Type())
	}
	if !hasUnsafe {
		return "", false
	}
	for k := 0; k < sig.Params().Len(); k++ {
		p := sig.Params().At(k)
		if isIntegerType(p.Type()) && !hasRange(decl, p.Name()) {
			return p.Name(), true
		}
	}
	return "", false
}
