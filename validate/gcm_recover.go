// This file checks what the recover block's side of a gcm result sees
// of the entry block.

package validate

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// gcmRecoverSide checks the data nodes that the blocks the recover block
// reaches see: those placed in one of them, or read there (an operand
// of an instruction of such a block, or a phi's argument on an edge
// from one), in the input or in the result. Each must be defined after
// as many instructions of the entry that may panic in the result as in
// the input (none when it is not in the entry).
//
// The recover block is entered after a recovered panic, also one in
// the middle of the entry, whose registers not yet defined then read
// as zero (ir.Func.RecoverReach). The graph makes the entry dominate
// the recover block, so moving a data node between the two is a legal
// schedule of the graph; but where the input's register reads as zero
// after a panic before its definition, the result would compute it
// (and fault, for a division whose check did not run), or the
// reverse. A node defined before every instruction of the entry that
// may panic is defined on every path into the recover block, as is one
// placed on its side: such a node may move between the two.
func gcmRecoverSide(r rejecter, before, after *ir.Func, gb, ga *son.Graph) error {
	side := before.RecoverReach() // the CFG is the input's
	seen := make([]bool, before.NumRegs())
	seeData(before, gb, side, seen)
	seeData(after, ga, side, seen)
	was, is := entryPanics(before, gb), entryPanics(after, ga)
	for reg, s := range seen {
		if s && was[reg] != is[reg] {
			x := ga.Node(ga.Def[reg])
			return r.at(after.Blocks[x.Home], x.Instr, RuleRecover, "defined after %d instructions of the entry that may panic, the input's after %d: the recover block, which a panic there enters, would not see the input's value", is[reg], was[reg])
		}
	}
	return nil
}

// seeData marks in seen the registers of g's data nodes that the
// blocks of f in side see: defined or read there, or read by a phi on
// an edge from one.
func seeData(f *ir.Func, g *son.Graph, side []bool, seen []bool) {
	mark := func(reg ir.Reg) {
		if reg != ir.NoReg && g.Def[reg] != son.None && g.Node(g.Def[reg]).Kind == son.Data {
			seen[reg] = true
		}
	}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis {
			for k, a := range phi.Args() {
				if side[b.Preds[k]] {
					mark(a)
				}
			}
		}
		if !side[b.Index] {
			continue
		}
		for _, in := range b.Instrs {
			for _, a := range in.Args() {
				mark(a)
			}
			for _, d := range in.Dsts() {
				mark(d)
			}
		}
	}
}

// entryPanics gives, for each register a data node of g defines in f's
// entry block, how many instructions that may panic come before it
// there (0 for the others).
func entryPanics(f *ir.Func, g *son.Graph) []int {
	n := make([]int, f.NumRegs())
	k := 0
	for _, in := range f.Blocks[0].Instrs {
		for _, d := range in.Dsts() {
			if g.Node(g.Def[d]).Kind == son.Data {
				n[d] = k
			}
		}
		if in.Op.Effects()&ir.MayPanic != 0 {
			k++
		}
	}
	return n
}
