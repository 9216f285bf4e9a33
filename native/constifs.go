// This file folds the branches of a function on constant conditions
// before its passes, as gc does: `if debug { fmt.Println(...) }` with
// `const debug = false` (s2's s2Decode), or `if cpu.BigEndian { ...;
// defer ... }` (sha3's keccakF1600Generic), whose dead arm holds what
// compiled code cannot do. The branch becomes a jump to the arm taken,
// and the blocks left unreachable go (the IR's checker accepts none). A
// recover block whose function has no defer left goes too: nothing
// deferred could recover, so a panic only unwinds.

package native

import (
	"go/constant"

	"github.com/vssa-go/vssa/ir"
)

// foldConstantIfs replaces each OpIf of f (in RTL discipline) whose
// condition is a register defined once, by a boolean constant, by a
// jump to the successor that constant takes; then, if no block the
// entry reaches defers a call, drops f's recover block.
func foldConstantIfs(f *ir.Func) {
	folded := false
	defer func() {
		if folded {
			removeUnreachable(f)
			removeUnusedDeferStack(f)
		}
	}()
	defs := make([]int, f.NumRegs())
	konst := map[ir.Reg]bool{}
	for _, b := range f.Blocks {
		for _, in := range append(b.Phis, b.Instrs...) {
			for _, d := range in.Dsts() {
				if d == ir.NoReg {
					continue
				}
				defs[d]++
				if in.Op == ir.OpConst {
					if c := in.Const(); c != nil && c.Kind() == constant.Bool {
						konst[d] = constant.BoolVal(c)
					}
				}
			}
		}
	}
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		last := len(b.Instrs) - 1
		t := b.Instrs[last]
		if t.Op != ir.OpIf || len(b.Succs) != 2 {
			continue
		}
		r := t.Args()[0]
		v, ok := konst[r]
		if !ok || defs[r] != 1 {
			continue
		}
		taken, dropped := b.Succs[0], b.Succs[1]
		if !v {
			taken, dropped = dropped, taken
		}
		folded = true
		b.Instrs[last] = ir.NewInstr(ir.OpJump, t.Pos, nil, nil)
		b.Succs = []int{taken}
		// The dropped edge's entry in its target's Preds (the first,
		// where both edges go to one block).
		d := f.Blocks[dropped]
		for k, p := range d.Preds {
			if p == b.Index {
				d.Preds = append(d.Preds[:k:k], d.Preds[k+1:]...)
				for _, phi := range d.Phis {
					args := phi.Args()
					phi.SetArgs(append(args[:k:k], args[k+1:]...))
				}
				break
			}
		}
	}
	if f.Recover < 0 || !folded {
		return
	}
	reach := f.NormalReach()
	for _, b := range f.Blocks {
		if !reach[b.Index] {
			continue
		}
		for _, in := range b.Instrs {
			if in.Op == ir.OpDefer {
				return
			}
		}
	}
	f.Recover = -1
}

// removeUnreachable removes the blocks of f that neither its entry nor
// its recover block reaches, renumbering the others in order, and the
// edges (with their phi arguments) from removed blocks.
func removeUnreachable(f *ir.Func) {
	reach := f.Reachable()
	index := make([]int, len(f.Blocks))
	var kept []*ir.Block
	for _, b := range f.Blocks {
		index[b.Index] = -1
		if reach[b.Index] {
			index[b.Index] = len(kept)
			kept = append(kept, b)
		}
	}
	for _, b := range kept {
		var preds []int
		var keep []bool
		for _, p := range b.Preds {
			keep = append(keep, index[p] >= 0)
			if index[p] >= 0 {
				preds = append(preds, index[p])
			}
		}
		for _, phi := range b.Phis {
			var args []ir.Reg
			for k, a := range phi.Args() {
				if keep[k] {
					args = append(args, a)
				}
			}
			phi.SetArgs(args)
		}
		b.Preds = preds
		for k, s := range b.Succs {
			b.Succs[k] = index[s]
		}
		b.Index = index[b.Index]
	}
	if f.Recover >= 0 {
		f.Recover = index[f.Recover]
	}
	f.Blocks = kept
}

// removeUnusedDeferStack removes, once the defers are gone with their
// arms, what go/ssa makes for them at entry: the defer stack's creation
// (the built-in deferstack) and its store to a local that nothing else
// reads. The three instructions have no effect (bridge's
// unusedDeferStack drops them where go/ssa's own lifting does).
func removeUnusedDeferStack(f *ir.Func) {
	uses := make([]int, f.NumRegs())
	def := map[ir.Reg]*ir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range append(b.Phis, b.Instrs...) {
			for _, a := range in.Args() {
				if a != ir.NoReg {
					uses[a]++
				}
			}
			for _, d := range in.Dsts() {
				if d != ir.NoReg {
					def[d] = in
				}
			}
		}
	}
	dead := map[*ir.Instr]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.OpStore {
				continue
			}
			p, v := in.Args()[0], in.Args()[1]
			call, alloc := def[v], def[p]
			if call == nil || alloc == nil || call.Op != ir.OpCall || call.CallMode != ir.CallBuiltin || call.Sym() != "deferstack" || alloc.Op != ir.OpAlloc {
				continue
			}
			if uses[v] == 1 && uses[p] == 1 {
				dead[in], dead[call], dead[alloc] = true, true, true
			}
		}
	}
	if len(dead) == 0 {
		return
	}
	for _, b := range f.Blocks {
		var code []*ir.Instr
		for _, in := range b.Instrs {
			if !dead[in] {
				code = append(code, in)
			}
		}
		b.Instrs = code
	}
}
