package native

import (
	"strings"
	"testing"
)

// TestVerifySSA checks the SSA check on a diamond: a value of one arm
// read at the join is rejected, the same value through a phi accepted.
func TestVerifySSA(t *testing.T) {
	build := func(joinReadsArm bool) *Func {
		m := &Func{}
		c := m.newValue(GP, false)
		x := m.newValue(GP, false)
		y := m.newValue(GP, false)
		p := m.newValue(GP, false)
		read := p
		if joinReadsArm {
			read = x
		}
		m.Blocks = []*Block{
			{Index: 0, Succs: []int{1, 2}, Instrs: []*Instr{
				{Op: OpConst, Dst: c, Width: 8},
				{Op: OpBranch, Dst: NoValue, Cond: CondNe, HasImm: true, Args: []Value{c}},
			}},
			{Index: 1, Preds: []int{0}, Succs: []int{3}, Instrs: []*Instr{{Op: OpConst, Dst: x, Imm: 1, Width: 8}, {Op: OpJump, Dst: NoValue}}},
			{Index: 2, Preds: []int{0}, Succs: []int{3}, Instrs: []*Instr{{Op: OpConst, Dst: y, Imm: 2, Width: 8}, {Op: OpJump, Dst: NoValue}}},
			{Index: 3, Preds: []int{1, 2}, Phis: []Phi{{Dst: p, Args: []Value{x, y}}}, Instrs: []*Instr{{Op: OpReturn, Dst: NoValue, Args: []Value{read}}}},
		}
		return m
	}
	if err := verifySSA(build(false)); err != nil {
		t.Errorf("phi at the join: %v", err)
	}
	if err := verifySSA(build(true)); err == nil || !strings.Contains(err.Error(), "not available") {
		t.Errorf("an arm's value read at the join: got %v, want it not available", err)
	}
}
