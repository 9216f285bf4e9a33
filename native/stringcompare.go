// This file lowers the comparison of a string with the empty string
// (ParseUint's `if s == ""`), the one string comparison compiled code
// makes without reading the bytes: s == "" exactly when len(s) == 0.
// Other string comparisons are refused at their position.

package native

import "github.com/vssa-go/vssa/ir"

// compareString returns the comparison in of two strings (operands
// lowered, Dst unset): a comparison of the length with 0 where one
// side is the constant "" and in is == or !=; otherwise it refuses.
func (l *lowerer) compareString(in *ir.Instr) *Instr {
	x, y := in.Args()[0], in.Args()[1]
	if l.emptyString(x) {
		x, y = y, x // == and != are symmetric
	}
	if (in.Op != ir.OpEq && in.Op != ir.OpNe) || !l.emptyString(y) {
		l.fail("a comparison of strings other than s == \"\" or s != \"\" (it would read their bytes): compare len(s) and the bytes s[i] in a loop, or keep the comparison in a Go caller")
	}
	return &Instr{Op: OpCmp, Cond: condOf[in.Op], Width: 8, Signed: true, Args: []Value{l.values(x)[1]}, Imm: 0, HasImm: true}
}

// emptyString reports whether r is the constant "".
func (l *lowerer) emptyString(r ir.Reg) bool {
	if r == ir.NoReg || !l.isK[r] {
		return false
	}
	s, ok := isStringConstant(l.f.TypeOf(r), l.cons[r])
	return ok && s == ""
}
