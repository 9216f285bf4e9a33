// This file lets a function without a loop of its own be compiled when
// its loop is in a leaf it calls (strings.LastIndexByte, whose loop is
// internal/bytealg's LastIndexByteString): the IR inliner takes such a
// callee into a caller that has no loop, which then has one, and the
// call of assembly costs what it costs any function with a loop.

package native

import (
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// loopLeafFor reports whether callee c, which has a loop, may be
// inlined into f all the same: f has no loop of its own (so no loop
// nests in another, whose values a call would otherwise keep apart),
// and c is plain and calls nothing.
func loopLeafFor(f, c *ir.Func) bool {
	return plainIR(c) && !callsAny(c) && !cyclicIR(f)
}

// inlinedLoop reports whether fn, which has no loop, calls a function
// that the IR inliner takes into it (body returns its IR: loopLeafFor)
// and that has a loop which is not only short (onlyShortLoops).
func inlinedLoop(fn *ssa.Function, body func(sym string) *ir.Func) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee == fn || len(callee.Blocks) == 0 || !hasLoop(callee) || onlyShortLoops(callee) {
				continue
			}
			if c := body(callee.String()); c != nil && plainIR(c) && !callsAny(c) {
				return true
			}
		}
	}
	return false
}
