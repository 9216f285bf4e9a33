// This file holds what both SSA builders share: the registers to
// rename, the result under construction (sharing unchanged instructions
// with the input) and the versions' hints for the validator.

package mem2reg

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// renaming is what both builders share: which registers are renamed and
// the result under construction.
type renaming struct {
	f     *ir.Func // input
	input *ir.Func // the function whose instructions f shares (f, or promotion's input)
	g     *ir.Func // result; f itself while nothing is renamed or when f is promotion's copy
	base  int      // f's number of registers before renaming (f may be g, which grows)
	orig  []ir.Reg // result register base+i → input register orig[i] (the hints; the others are their own)
	vars  []ir.Reg // the renamed input registers: those with several definitions
	at    sites    // the instructions of f that mention them
	index []int32  // input register → its index in vars, or -1
	arena ir.Arena // for the instructions renaming changes
}

// newRenaming prepares the renaming of s.vars in s.f.
func newRenaming(s start) *renaming {
	f, vars := s.f, s.vars
	rn := &s.buf.renaming
	*rn = renaming{f: f, input: s.input, g: f, vars: vars, at: s.at, index: zeroed(&s.buf.index, f.NumRegs())}
	if len(vars) > 0 && f == s.input {
		rn.g = f.ShallowClone()
	}
	// One entry per register the result adds: about one per
	// definition of a renamed register, and some phis.
	rn.base = f.NumRegs()
	rn.orig = make([]ir.Reg, 0, len(s.at.index)+len(f.Blocks)/2+4)
	for r := range rn.index {
		rn.index[r] = -1
	}
	for k, r := range vars {
		rn.index[r] = int32(k)
	}
	return rn
}

// renamed reports whether input register r is renamed.
func (rn *renaming) renamed(r ir.Reg) bool { return r != ir.NoReg && rn.index[r] >= 0 }

func (rn *renaming) mentionsVar(in *ir.Instr) bool {
	for _, r := range in.Regs() {
		if rn.renamed(r) {
			return true
		}
	}
	return false
}

// own returns the instruction at index i of block b of the result,
// cloned first if it mentions a renamed register: instructions are
// shared with the input until promotion or renaming changes them, and
// one promotion changed is already the result's own.
func (rn *renaming) own(b *ir.Block, i int) *ir.Instr {
	in := b.Instrs[i]
	if in == rn.input.Blocks[b.Index].Instrs[i] && rn.mentionsVar(in) {
		in = rn.arena.New(in)
		b.Instrs[i] = in
	}
	return in
}

// origOf is the input register result register v is a version of.
func (rn *renaming) origOf(v ir.Reg) ir.Reg {
	if int(v) >= rn.base {
		return rn.orig[int(v)-rn.base]
	}
	return v
}

// version makes a new version of input register r.
func (rn *renaming) version(r ir.Reg) ir.Reg {
	v := rn.g.NewReg(rn.f.TypeOf(r))
	rn.orig = append(rn.orig, r)
	return v
}

func (rn *renaming) hints() *validate.SSAHints { return &validate.SSAHints{Orig: rn.orig} }
