package validate

import (
	"bytes"
	"go/constant"
	"go/token"
	"go/types"
	"unsafe"

	"github.com/vssa-go/vssa/ir"
)

// sameShape reports whether two instructions are the same but for their
// registers: kind, attributes (gates too), position and the number of
// operands and results.
func sameShape(a, b *ir.Instr) bool {
	if a == b {
		return true // results share unchanged instructions with their input
	}
	if a == nil || b == nil {
		return false
	}
	if a.Op != b.Op || a.Flags != b.Flags || a.Field != b.Field || a.CallMode != b.CallMode || a.Pos != b.Pos ||
		len(a.Args()) != len(b.Args()) || len(a.Dsts()) != len(b.Dsts()) {
		return false
	}
	if a.Aux == b.Aux {
		return true // clones share their Aux
	}
	if a.Sym() != b.Sym() || !sameConst(a.Const(), b.Const()) || len(a.SelectDirs()) != len(b.SelectDirs()) || len(a.Gates()) != len(b.Gates()) {
		return false
	}
	for i, g := range a.Gates() {
		if !g.Equal(b.Gates()[i]) {
			return false
		}
	}
	for i, d := range a.SelectDirs() {
		if d != b.SelectDirs()[i] {
			return false
		}
	}
	return true
}

// sameShapeAsAccess is sameShape(read, out) for read the instruction
// promotion reads an access as (acc at position pos: a const or a copy
// with one result and no attributes), without its calls.
func sameShapeAsAccess(acc reading, pos token.Pos, out *ir.Instr) bool {
	nargs := 1
	if acc.op == ir.OpConst {
		nargs = 0
	}
	return out != nil && out.Op == acc.op && out.Pos == pos && len(out.Dsts()) == 1 && len(out.Args()) == nargs &&
		out.Flags == 0 && out.CallMode == 0 && out.Field == 0 && (out.Aux == nil || out.Sym() == "" && out.Const() == nil && len(out.SelectDirs()) == 0)
}

func sameConst(a, b constant.Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Kind() == b.Kind() && a.ExactString() == b.ExactString()
}

// sameSignature reports whether two functions have the same name,
// position (run-time call stacks show it), parameter and result types,
// variadicity and wrapper mark (wrappers are transparent to recover).
func sameSignature(a, b *ir.Func) bool {
	if a.Name != b.Name || a.Pos != b.Pos || a.Variadic != b.Variadic || a.Wrapper != b.Wrapper || len(a.Params) != len(b.Params) ||
		len(a.FreeVars) != len(b.FreeVars) || len(a.Results) != len(b.Results) {
		return false
	}
	for i, t := range a.Results {
		if !sameType(t, b.Results[i]) {
			return false
		}
	}
	return true
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameCFG reports whether two functions have the same blocks, edges (in
// order) and recover block, so that their dominator trees are the same.
func sameCFG(a, b *ir.Func) bool {
	if len(a.Blocks) != len(b.Blocks) || a.Recover != b.Recover {
		return false
	}
	for i, ab := range a.Blocks {
		bb := b.Blocks[i]
		if ab == nil || bb == nil || ab.Index != i || bb.Index != i || !sameInts(ab.Preds, bb.Preds) || !sameInts(ab.Succs, bb.Succs) {
			return false
		}
	}
	return true
}

// sameType reports whether t and u are the same type, or both absent.
// Most versions share their register's type value; comparing the values
// first spares types.Identical's call.
func sameType(t, u types.Type) bool {
	return sameWords(t, u) || t != nil && u != nil && types.Identical(t, u)
}

// sameWords reports whether two types are the same interface value word
// for word (the same dynamic type and the same pointer), which == finds
// through a call of the runtime's: versions are compared by the hundred
// thousand.
func sameWords(t, u types.Type) bool {
	return *(*[2]uintptr)(unsafe.Pointer(&t)) == *(*[2]uintptr)(unsafe.Pointer(&u))
}

// firstChangedType returns the first register of before whose type
// after changes, or -1 if there is none: after has at least before's
// registers, and may leave untyped one that none of its instructions
// mentions. Usually the two share their types (ir.FirstOtherType).
func firstChangedType(before, after *ir.Func) int {
	n := before.NumRegs()
	if ir.FirstOtherType(before, after, n) < 0 {
		return -1
	}
	for v := range n {
		if u := after.TypeOf(ir.Reg(v)); u != nil && !sameType(before.TypeOf(ir.Reg(v)), u) {
			return v
		}
	}
	return -1
}

// sameRegs reports whether a and b are the same list of registers. It
// compares them as bytes, which the runtime does a wide word at a time:
// the SSA check compares whole typings at every join.
func sameRegs(a, b []ir.Reg) bool {
	return len(a) == len(b) && bytes.Equal(asBytes(a), asBytes(b))
}

// asBytes is the memory of s, for comparisons the runtime makes a wide
// word at a time (equal bytes are equal values for registers, and the
// same value for interfaces).
func asBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]))
}

// typeChanged rejects a result whose register v has another type than
// in the input.
func typeChanged(r rejecter, before, after *ir.Func, v int) *Error {
	return r.fn(RuleTypes, "r%d has type %s, want %s (the input's)", v, typeName(after, ir.Reg(v)), typeName(before, ir.Reg(v)))
}

// typeName is the type of register v of f as the text format writes it,
// or "none".
func typeName(f *ir.Func, v ir.Reg) string {
	if !f.HasReg(v) {
		return "none"
	}
	return ir.TypeString(f.TypeOf(v))
}
