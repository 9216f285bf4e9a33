// This file lets a small leaf with a loop of its own (snappy's
// emitCopy, whose loop writes one chunk per 64 bytes of a long copy)
// be inlined where the call stands in a loop of its caller. There the
// call costs the most: the callee is Go code, reached through its ABI0
// wrapper (about fourteen instructions a call) and, Go's calling
// convention saving no register, every value the caller's loop keeps
// lives in the frame across it, to be stored before and loaded after
// each call. Inlined, the loop keeps its values in registers and the
// passes see the callee's checks beside the caller's facts. Out of a
// loop, a call runs once, and only a small callee (at most maxInlineIR
// instructions, as gc's budget takes strconv's trim into
// decimal.Assign) is inlined: Assign, on a 4-digit number, went from
// 0.80x to 0.90x gc (the call's ABI0 wrapper, and the stack check of a
// frame that calls, which a leaf goes without).

package native

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// maxLoopLeafIR is the size of a leaf inlined into a loop: above
// maxInlineIR, as the call it saves costs more there (emitCopy is 177
// instructions of the bridge's RTL, before the passes).
const maxLoopLeafIR = 200

// inlinableAt reports whether c may be inlined at a call in block b of
// g: inlinableIR's functions, and, where b is in a loop of g, a leaf
// (callsAny) of at most maxLoopLeafIR instructions whose blocks may
// form loops, and elsewhere such a leaf of at most maxInlineIR.
//
// Not where the call passes string(b): through a trampoline, Go makes
// that copy (convertargs.go), which compiled code cannot.
func inlinableAt(g *ir.Func, b, x int, c *ir.Func) bool {
	if countInstrs(c) > maxLoopLeafIR || len(c.FreeVars) > 0 || c.Recover >= 0 || len(c.Blocks) == 0 || callsAny(c) {
		return false
	}
	for _, cb := range c.Blocks {
		for _, in := range cb.Instrs {
			if in.Op == ir.OpDefer || in.Op == ir.OpGo || in.Op == ir.OpCall && in.CallMode == ir.CallStatic && in.Sym() == c.Name {
				return false
			}
		}
	}
	return !passesConversion(g, g.Blocks[b], x) && (inLoop(g, b) || countInstrs(c) <= maxInlineIR)
}

// passesConversion reports whether the call b.Instrs[x] passes a string
// converted from a non-string in b.
func passesConversion(g *ir.Func, b *ir.Block, x int) bool {
	for _, a := range b.Instrs[x].CallArgs() {
		for k := x - 1; k >= 0; k-- {
			in := b.Instrs[k]
			if !slices.Contains(in.Dsts(), a) {
				continue
			}
			if in.Op == ir.OpConvert && isString(g.TypeOf(a)) && !isString(g.TypeOf(in.Args()[0])) {
				return true
			}
			break
		}
	}
	return false
}

// inLoop reports whether block b of g can reach itself.
func inLoop(g *ir.Func, b int) bool {
	seen := make([]bool, len(g.Blocks))
	stack := append([]int(nil), g.Blocks[b].Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, g.Blocks[x].Succs...)
		}
	}
	return false
}
