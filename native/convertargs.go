// This file passes string(b), b a []byte, to a Go function that is not
// compiled with the caller (utf8.RuneCount's
// RuneCountInString(string(p[n:]))) by passing b to the callee's
// trampoline, which converts: the copy, which compiled code cannot
// allocate, is then made (or, where gc inlines the callee and sees the
// string is only read, left out) by Go itself, exactly as in the
// original.

package native

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// convertInTrampoline reports whether dst = string(x) is read only as
// an argument of a call through a trampoline, and if so makes dst hold
// x's components, for trampoline to convert.
func (l *lowerer) convertInTrampoline(dst, x ir.Reg) bool {
	if _, ok := l.f.TypeOf(x).Underlying().(*types.Slice); !ok || !isString(l.f.TypeOf(dst)) || l.uses[dst] != 1 {
		return false
	}
	user := l.userOf(dst)
	if user == nil || user.Op != ir.OpCall || user.CallMode != ir.CallStatic || l.isIntrinsicCall(user) {
		return false
	}
	if _, compiled := l.unit.Callees[user.Sym()]; compiled {
		return false
	}
	if l.bytesArgs == nil {
		l.bytesArgs = map[ir.Reg]types.Type{}
	}
	l.bytesArgs[dst] = l.f.TypeOf(x)
	l.vals[dst] = l.values(x)
	return true
}

// userOf returns the instruction that reads r, which has one use.
func (l *lowerer) userOf(r ir.Reg) *ir.Instr {
	for _, b := range l.f.Blocks {
		for _, in := range b.Instrs {
			for _, a := range in.Args() {
				if a == r {
					return in
				}
			}
		}
	}
	return nil
}

// isIntrinsicCall reports whether call is of a package whose calls may
// be instructions (no string conversions reach those).
func (l *lowerer) isIntrinsicCall(call *ir.Instr) bool {
	path, _ := splitSym(call.Sym())
	return intrinsicPackage(path)
}
