// This file inlines small functions of the compiled package into the
// IR of a compiled function before the validated passes run, so that
// constants fold and checks fall through the inlined bodies (c(cos3,
// 12) in jpeg's fdct is then no run-time arithmetic, nor a shift check),
// and a helper of the package needs no call from the assembly.
//
// The inlining itself is not validated (no pass after the bridge's
// output is): the passes check their own results from here on, the
// IR checker checks the inlined function as the passes' input, and
// the generated equivalence tests compare the assembly with the
// original.

package native

import (
	"go/token"

	"github.com/vssa-go/vssa/ir"
)

// Inlining limits: a callee of at most maxInlineIR instructions (120
// takes utf8's word[string], whose 4-byte branch on a constant the
// passes remove after inlining),
// without loops, inlined at most inlineDepth calls deep, and at most
// maxInlinedIR instructions added to one function.
const (
	maxInlineIR  = 120
	inlineDepth  = 3
	maxInlinedIR = 2000
)

// inlineSmallCalls returns a copy of f, in RTL discipline, whose static
// calls of the functions body returns (the compiled package's, with a
// body) are replaced by the callees' bodies where they are small and
// simple (inlinableIR).
func inlineSmallCalls(f *ir.Func, body func(sym string) *ir.Func) *ir.Func {
	g := f.Clone()
	depth := map[int]int{}
	added := 0
	for bi := 0; bi < len(g.Blocks); bi++ {
		b := g.Blocks[bi]
		for x, in := range b.Instrs {
			if in.Op != ir.OpCall || in.CallMode != ir.CallStatic || depth[bi] >= inlineDepth {
				continue
			}
			c := body(in.Sym())
			if c == nil || c.Name == f.Name || !inlinableIR(c) && !loopLeafFor(f, c) {
				continue
			}
			n := countInstrs(c)
			if added+n > maxInlinedIR {
				continue
			}
			added += n
			made, rest := splice(g, b, x, in, c)
			for _, nb := range made {
				depth[nb] = depth[bi] + 1
			}
			depth[rest] = depth[bi]
			break // the rest of b is in a new block, scanned later
		}
	}
	for _, b := range g.Blocks {
		b.Preds = nil
	}
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			g.Blocks[s].Preds = append(g.Blocks[s].Preds, b.Index)
		}
	}
	return g
}

// splice replaces call (b.Instrs[x]) by a copy of c's body: b copies
// the arguments to the copy's parameters and jumps to its entry; each
// return copies its results to the call's and jumps to a new block
// holding the rest of b. It returns the blocks of the copy and the
// block of the rest.
func splice(g *ir.Func, b *ir.Block, x int, call *ir.Instr, c *ir.Func) (made []int, rest int) {
	pos := call.Pos
	after := g.NewBlock()
	after.Instrs = append([]*ir.Instr(nil), b.Instrs[x+1:]...)
	after.Succs = b.Succs
	regs := make([]ir.Reg, c.NumRegs())
	for r := range regs {
		regs[r] = g.NewReg(c.TypeOf(ir.Reg(r)))
	}
	base := len(g.Blocks)
	for range c.Blocks {
		made = append(made, g.NewBlock().Index)
	}
	code := b.Instrs[:x:x]
	for i, a := range call.CallArgs() {
		code = append(code, ir.NewInstr(ir.OpCopy, pos, []ir.Reg{regs[c.Params[i]]}, []ir.Reg{a}))
	}
	b.Instrs = append(code, ir.NewInstr(ir.OpJump, pos, nil, nil))
	b.Succs = []int{base}
	rename := func(rs []ir.Reg) []ir.Reg {
		out := make([]ir.Reg, len(rs))
		for i, r := range rs {
			out[i] = r
			if r != ir.NoReg {
				out[i] = regs[r]
			}
		}
		return out
	}
	for i, cb := range c.Blocks {
		nb := g.Blocks[base+i]
		for _, s := range cb.Succs {
			nb.Succs = append(nb.Succs, base+s)
		}
		for _, in := range cb.Instrs {
			switch in.Op {
			case ir.OpRunDefers:
				continue // c has no defers (inlinableIR)
			case ir.OpReturn:
				for k, r := range in.Args() {
					nb.Instrs = append(nb.Instrs, ir.NewInstr(ir.OpCopy, posOr(in.Pos, pos), []ir.Reg{call.Dsts()[k]}, []ir.Reg{regs[r]}))
				}
				nb.Instrs = append(nb.Instrs, ir.NewInstr(ir.OpJump, posOr(in.Pos, pos), nil, nil))
				nb.Succs = []int{after.Index}
				continue
			}
			cp := in.Clone()
			cp.Pos = posOr(in.Pos, pos)
			cp.SetRegs(rename(in.Dsts()), rename(in.Args()))
			nb.Instrs = append(nb.Instrs, cp)
		}
	}
	return made, after.Index
}

// posOr returns p, or the call's position where the inlined body has
// none (another package's, withoutPositions).
func posOr(p, call token.Pos) token.Pos {
	if p == token.NoPos {
		return call
	}
	return p
}

// inlinableIR reports whether c may be inlined: a plain function
// (no closure, defer, recover or call of itself) of at most maxInlineIR instructions
// whose blocks form no loop.
func inlinableIR(c *ir.Func) bool { return plainIR(c) && !cyclicIR(c) }

// plainIR reports whether c is plain and small enough to inline,
// leaving aside its loops: inlinableIR without the loop.
func plainIR(c *ir.Func) bool {
	if len(c.FreeVars) > 0 || c.Recover >= 0 || len(c.Blocks) == 0 || countInstrs(c) > maxInlineIR {
		return false
	}
	for _, b := range c.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpDefer || in.Op == ir.OpGo || in.Op == ir.OpCall && in.CallMode == ir.CallStatic && in.Sym() == c.Name {
				return false // a recursive function inlined would only unroll its recursion
			}
		}
	}
	return true
}

// cyclicIR reports whether c's blocks form a loop: a depth-first
// search meets a block on its own path.
func cyclicIR(c *ir.Func) bool {
	state := make([]int8, len(c.Blocks))
	var cyclic func(b int) bool
	cyclic = func(b int) bool {
		state[b] = 1
		for _, s := range c.Blocks[b].Succs {
			if state[s] == 1 || state[s] == 0 && cyclic(s) {
				return true
			}
		}
		state[b] = 2
		return false
	}
	return cyclic(0)
}

func countInstrs(f *ir.Func) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}

// callsAny reports whether c calls a function that stays a call (not a
// builtin, nor one of the packages whose calls are instructions).
func callsAny(c *ir.Func) bool {
	for _, b := range c.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.OpCall || in.CallMode == ir.CallBuiltin {
				continue
			}
			if path, _ := splitSym(in.Sym()); in.CallMode == ir.CallStatic && intrinsicPackage(path) {
				continue
			}
			return true
		}
	}
	return false
}
