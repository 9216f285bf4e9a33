// This file lowers what the code reads outside its arguments: the
// package's own variables, addressed by symbol, and string constants,
// read-only data of the assembly file.

package native

import (
	"go/constant"
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// global makes dst the address of the package-level variable name (as
// the IR names it, "path.name"). Only the compiled package's own
// variables have a symbol the assembly may use.
func (l *lowerer) global(dst ir.Reg, name string) {
	if p, ok := l.f.TypeOf(dst).Underlying().(*types.Pointer); ok && gcSizes.Sizeof(p.Elem()) == 0 {
		// Nothing to read (binary.LittleEndian): loads of it have no
		// components, and its address is never taken as a value.
		l.addr[dst] = &symAddr{Mem{Sym: "", Base: NoValue, Index: NoValue, Scale: 1}}
		return
	}
	pkg := l.unit.Pkg
	v, ok := strings.CutPrefix(name, pkg.Path()+".")
	if !ok || strings.ContainsAny(v, ".$/") {
		l.fail("the package-level variable %s of another package (the assembly can only name its own package's variables: copy the table into this package, or pass it as an argument)", name)
	}
	if _, ok := pkg.Scope().Lookup(v).(*types.Var); !ok {
		l.fail("the package-level variable %s, which the package does not declare", name)
	}
	l.addr[dst] = &symAddr{Mem{Sym: "·" + v, Base: NoValue, Index: NoValue, Scale: 1}}
}

// stringConstant returns the components of string constant s: the
// address of its bytes (nil for "") and its length.
func (l *lowerer) stringConstant(s string) []Value {
	if s == "" {
		return []Value{l.def(GP, false, &Instr{Op: OpConst, Width: 8}), l.def(GP, false, &Instr{Op: OpConst, Width: 8})}
	}
	sym := l.unit.Data.str(s)
	ptr := l.def(GP, false, &Instr{Op: OpLea, Mem: Mem{Sym: sym, Base: NoValue, Index: NoValue, Scale: 1}})
	n := l.def(GP, false, &Instr{Op: OpConst, Imm: int64(len(s)), Width: 8, Signed: true})
	return []Value{ptr, n}
}

// isStringConstant reports whether c is a constant of a string type,
// and its value.
func isStringConstant(t types.Type, c constant.Value) (string, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsString == 0 {
		return "", false
	}
	if c == nil {
		return "", true
	}
	return constant.StringVal(c), true
}
