// This file defines the Gated SSA instructions (CompCertGSA §4): γ and
// μ, which replace phis, and η, which selects a loop's value at its
// exit, with their gates (predicates, package ir/pred).
//
// Printed forms:
//
//	b5: <- b3, b4
//	    r9:int = gamma [r2] r4, [!r2] r7
//	b1: <- b0, b6
//	    r3:int = mu r1, r8
//	b7: <- b1
//	    r10:int = eta [!r5] r3
//
// Semantics (interp):
//   - The phis, γs and μs of a block run in parallel on the incoming
//     edge. A μ is a phi of a loop header: argument k belongs to
//     predecessor k (the entry, then the latch). A γ reads, in the state
//     before the edge's moves, its gates in order and takes the argument
//     of the first gate that evaluates to 1; none is undefined behaviour.
//   - An η is an ordinary instruction, the first ones of a loop exit's
//     landing pad: it copies its argument when its gate evaluates to 1
//     and is undefined behaviour otherwise.
//   - A gate's atom is ½ while its register has not been written in the
//     current activation of the function (pred.Undef).
//
// A gate's atoms are not operands (Args): they may be read before they
// are defined, which is the point of the three-valued logic, so they
// are not uses for strictness. Only GSA passes (gsa-destruct) take GSA
// form, and they rename gates themselves.

package ir

import (
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir/pred"
)

// Gates returns the gates of a γ (one per argument) or an η (one).
func (in *Instr) Gates() []pred.Pred {
	if in.Aux == nil {
		return nil
	}
	return in.Aux.Gates
}

// SetGates sets the gates of a γ or η (a new Aux: Auxes are shared by
// clones and never changed).
func (in *Instr) SetGates(gs []pred.Pred) {
	var a Aux
	if in.Aux != nil {
		a = *in.Aux
	}
	a.Gates = slices.Clone(gs)
	in.Aux = &a
}

// IsMerge reports whether op sits among a block's phis: phi, γ or μ.
func (op Op) IsMerge() bool { return op == OpPhi || op == OpGamma || op == OpMu }

// IsGated reports whether op is one of the GSA kinds.
func (op Op) IsGated() bool { return op == OpGamma || op == OpMu || op == OpEta }

// checkGated checks the GSA rules of one instruction: gated kinds only
// in GSA discipline, the number of gates, and that each gate's atoms are
// boolean registers.
func (c *checker) checkGated(where at, in *Instr) {
	if !in.Op.IsGated() {
		if in.Aux != nil && len(in.Aux.Gates) > 0 {
			c.errorf(where, RuleGSA, "%s has gates", in.Op)
		}
		return
	}
	if c.d != GSA {
		c.sink = toDiscErrs
		c.errorf(where, RuleGSA, "%s outside GSA discipline", in.Op)
		c.sink = toErrs
		return
	}
	want := 0
	switch in.Op {
	case OpGamma:
		want = len(in.Args())
	case OpEta:
		want = 1
	}
	if len(in.Gates()) != want {
		c.errorf(where, RuleGSA, "%s has %d gates, want %d", in.Op, len(in.Gates()), want)
		return
	}
	for _, g := range in.Gates() {
		for _, r := range g.Regs() {
			if !c.validReg(Reg(r)) {
				c.errorf(where, RuleGSA, "gate atom r%d has no type or is out of range", r)
			} else if t, ok := c.f.TypeOf(Reg(r)).Underlying().(*types.Basic); !ok || t.Info()&types.IsBoolean == 0 {
				c.errorf(where, RuleGSA, "gate atom r%d is not a boolean", r)
			}
		}
	}
}
