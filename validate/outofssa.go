// This file checks the out-of-SSA translation. Properties checked:
//
//   - the result is well-formed RTL (the input well-formed SSA, as a
//     precondition), with the
//     same signature, parameters, blocks, edges and recover block, and no
//     phis;
//   - every block is unchanged, except that a predecessor of a join block
//     with phis has copies inserted right before its jump;
//   - executing those copies in order gives every phi result of the join
//     the value of its argument for that edge — the phi-block's parallel
//     assignment — and writes no other register but temporaries;
//   - the copies read only what that assignment reads (the edge's phi
//     arguments) and what an earlier copy of the sequence wrote: a read
//     of any other register would be a use the input does not have,
//     which can change what the interpreter does (an unused result is
//     not computed);
//   - temporaries are fresh: declared in the hints, used nowhere else.

package validate

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// OutOfSSAHints list the temporaries the sequentialised moves use.
type OutOfSSAHints struct {
	Temps []ir.Reg
}

// OutOfSSA checks an out-of-SSA result.
func OutOfSSA(before, after *ir.Func, h *OutOfSSAHints) error {
	r := rejecter{"outofssa", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	// The result is well-formed RTL if the input is well-formed SSA (a
	// precondition): blocks, edges and instructions are the input's, with
	// phis removed and copies inserted whose types are checked below;
	// every phi result is defined on each incoming edge, and one with a
	// single definition left (its other arguments are itself) has it at
	// the end of the one predecessor not dominated by the join, which
	// dominates the join.
	for _, b := range after.Blocks {
		if len(b.Phis) > 0 {
			return r.at(b, nil, RuleNoPhis, "block has %d phis, want none", len(b.Phis))
		}
	}
	if h == nil {
		return r.fn(RuleHints, "hints are missing")
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		!sameCFG(before, after) || after.NumRegs() < before.NumRegs() {
		return r.fn(RuleStructure, "signature, parameters, blocks, registers or recover block differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	temp := map[ir.Reg]bool{}
	for _, t := range h.Temps {
		if int(t) < before.NumRegs() || !after.HasReg(t) {
			return r.fn(RuleTemps, "temporary %s is a register of the input or has no type, want a new register", t)
		}
		temp[t] = true
	}
	for i, b := range before.Blocks {
		ab := after.Blocks[i]
		if !sameInts(b.Preds, ab.Preds) || !sameInts(b.Succs, ab.Succs) {
			return r.at(ab, nil, RuleStructure, "edges differ from the input's")
		}
		inserted := len(ab.Instrs) - len(b.Instrs)
		var phis []*ir.Instr
		k := -1
		if len(b.Succs) == 1 {
			succ := before.Blocks[b.Succs[0]]
			phis = succ.Phis
			k = b.PredIndex(0, succ)
		}
		if inserted < 0 || (len(phis) == 0 && inserted != 0) {
			return r.at(ab, nil, RuleStructure, "block has %d instructions, want %d (the input's, with copies before a jump into a join with phis)", len(ab.Instrs), len(b.Instrs))
		}
		// Unchanged prefix and terminator.
		for j, in := range b.Instrs {
			out := ab.Instrs[j]
			if j == len(b.Instrs)-1 {
				out = ab.Instrs[len(ab.Instrs)-1]
			}
			if in == out {
				continue // shared with the input: passes never change their input
			}
			if !sameShape(in, out) || !sameRegs(in.Args(), out.Args()) || !sameRegs(in.Dsts(), out.Dsts()) {
				return r.at(ab, out, RuleStructure, "instruction differs from the input's %q, want it unchanged", ir.FormatInstr(before, b, in))
			}
		}
		if len(phis) == 0 {
			continue
		}
		moves := ab.Instrs[len(b.Instrs)-1 : len(ab.Instrs)-1]
		if err := checkMoves(r, ab, moves, phis, k, temp); err != nil {
			return err
		}
	}
	// Temporaries appear only in inserted moves (checked per sequence):
	// they are registers the input does not have, so the input's
	// instructions, well-formed (a precondition), do not mention them,
	// and the result's others are the input's.
	return nil
}

// checkMoves simulates a move sequence on symbolic values and compares
// it with the phi-block's parallel assignment for predecessor k.
func checkMoves(r rejecter, b *ir.Block, moves []*ir.Instr, phis []*ir.Instr, k int, temp map[ir.Reg]bool) error {
	typeOf := func(x ir.Reg) types.Type {
		if x < 0 || int(x) >= r.f.NumRegs() {
			return nil
		}
		return r.f.TypeOf(x)
	}
	sym := map[ir.Reg]ir.Reg{} // register → the initial register whose value it holds
	val := func(x ir.Reg) ir.Reg {
		if v, ok := sym[x]; ok {
			return v
		}
		return x
	}
	isPhiDst := map[ir.Reg]bool{}
	isPhiArg := map[ir.Reg]bool{} // the registers the edge's phis read
	for _, phi := range phis {
		isPhiDst[phi.Dsts()[0]] = true
		isPhiArg[phi.Args()[k]] = true
	}
	for _, m := range moves {
		if m == nil {
			return r.at(b, nil, RuleMoves, "inserted instruction is missing, want a copy")
		}
		if m.Op != ir.OpCopy || len(m.Dsts()) != 1 || len(m.Args()) != 1 {
			return r.at(b, m, RuleMoves, "inserted instruction is a %s, want a copy", m.Op)
		}
		d := m.Dsts()[0]
		if !types.Identical(typeOf(d), typeOf(m.Args()[0])) {
			return r.at(b, m, RuleMoves, "copy from %s to %s changes the type, want the same type", m.Args()[0], d)
		}
		if !isPhiDst[d] && !temp[d] {
			return r.at(b, m, RuleMoves, "copy writes %s, want a phi result or a temporary", d)
		}
		// A copy reads what the parallel assignment reads, or what an
		// earlier copy of the sequence wrote: a read of anything else
		// adds a use the input does not have, which the interpreter's
		// analyses of unused results see (an unused comparison of
		// zero-size pointers is never evaluated; a used one may be
		// unsupported).
		src := m.Args()[0]
		if _, written := sym[src]; !written {
			if temp[src] {
				return r.at(b, m, RuleMoves, "temporary %s is read before it is written, want it written first", src)
			}
			if !isPhiArg[src] {
				return r.at(b, m, RuleMoves, "copy reads %s, which no phi reads on this edge, want a phi argument or a register an earlier copy wrote", src)
			}
		}
		sym[d] = val(src)
	}
	for _, phi := range phis {
		d, want := phi.Dsts()[0], phi.Args()[k]
		if got := val(d); got != want {
			return r.at(b, nil, RuleMoves, "after the copies %s holds the value of %s, want %s (its phi argument %d)", d, got, want, k)
		}
	}
	return nil
}
