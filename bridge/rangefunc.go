// This file gives the misuses of a range-over-func loop gc's run-time
// errors. go/ssa checks the loop's state as gc does, but panics with
// strings of its own ("yield function called after range loop exit",
// "iterator call did not preserve panic"); gc panics with one of four
// runtime.Errors naming what the iterator did wrong. The bridge keeps
// go/ssa's checks and, before each of its panics, calls the built-in
// panicrangestate with the state found (ir/doc.go), which raises gc's
// error.
//
// go/ssa's loop state (the "jump" variable the yield function shares
// with the loop) is 0 while the yield function may be called, -1 while
// the body runs or after it panicked, -2 after the iterator returned,
// and the positive id of an exit after the body left the loop (break,
// return, goto). gc moves the last to "whole loop exit" when the
// iterator returns; go/ssa keeps the id, so the bridge also stores -2
// there once the iterator has returned normally.

package bridge

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// The messages of go/ssa's panics on a misused range-over-func loop.
const (
	yieldAfterExit      = "yield function called after range loop exit"
	iteratorSwallowed   = "iterator call did not preserve panic"
	rangeStateDone      = -2 // go/ssa's DONE
	rangeStateSwallowed = -3 // ours: the iterator returned after the body panicked
)

// rangeFuncPanics finds go/ssa's range-over-func checks in fn: for each
// of its panics, the state to pass to panicrangestate before it (an
// ssa.Value: the loaded state, or a constant), and for each block that
// follows a normal return of the iterator, the address of the loop's
// state, where -2 is to be stored on entry.
func rangeFuncPanics(fn *ssa.Function) (states map[*ssa.Panic]ssa.Value, exhausted map[*ssa.BasicBlock]ssa.Value) {
	for _, b := range fn.Blocks {
		p, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
		if !ok || len(b.Preds) != 1 {
			continue
		}
		// go/ssa's own panics have no position; a program's always do.
		msg := panicString(p)
		if p.Pos().IsValid() || msg != yieldAfterExit && msg != iteratorSwallowed {
			continue
		}
		// The block's predecessor ends with "if state == s", whose
		// false edge leads here in a yield function (s is 0, the
		// state in which it may be called) and whose true edge leads
		// here after the iterator returned (s is -1).
		pred := b.Preds[0]
		cond, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok || (pred.Succs[1] == b) != (msg == yieldAfterExit) {
			continue
		}
		cmp, ok := cond.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL {
			continue
		}
		if states == nil {
			states, exhausted = map[*ssa.Panic]ssa.Value{}, map[*ssa.BasicBlock]ssa.Value{}
		}
		if msg == yieldAfterExit {
			states[p] = cmp.X
			continue
		}
		states[p] = ssa.NewConst(constant.MakeInt64(rangeStateSwallowed), types.Typ[types.Int])
		if load, ok := cmp.X.(*ssa.UnOp); ok && load.Op == token.MUL {
			exhausted[pred.Succs[1]] = load.X
		}
	}
	return states, exhausted
}

// panicString returns the constant string p panics with, or "".
func panicString(p *ssa.Panic) string {
	mi, ok := p.X.(*ssa.MakeInterface)
	if !ok {
		return ""
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(c.Value)
}

// rangeStatePanic emits the call of panicrangestate with state before
// go/ssa's panic on a misused range-over-func loop.
func (t *translator) rangeStatePanic(state ssa.Value, pos token.Pos) {
	in := t.emit(ir.OpCall, pos, nil, t.val(state, pos))
	in.CallMode = ir.CallBuiltin
	in.Aux = t.arena.NewAux(ir.Aux{Sym: "panicrangestate"})
}

// storeExhausted emits the store of -2, "the iterator returned", to the
// loop state at addr.
func (t *translator) storeExhausted(addr ssa.Value, pos token.Pos) {
	done := ssa.NewConst(constant.MakeInt64(rangeStateDone), types.Typ[types.Int])
	t.emit(ir.OpStore, pos, nil, t.val(addr, pos), t.val(done, pos))
}
