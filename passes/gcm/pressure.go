// This file bounds hoisting by register pressure, for native code: a
// value hoisted out of a loop is live across the whole loop, and where
// the loop already uses every register it is spilled, and reloaded in
// the loop, which costs more than computing it there.

package gcm

import (
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/ir/son"
)

// Bound is how many registers of each class the code gcm's result is
// compiled to can keep values in.
type Bound struct {
	GP, FP int
}

// class is a register class: general-purpose or floating-point.
type class int

const (
	gp class = iota
	fp
	classes
)

// words returns how many registers of each class a value of type t
// takes. Structs and arrays are taken as kept in memory (none).
func words(t types.Type) [classes]int {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsFloat != 0:
			return [classes]int{0, 1}
		case info&types.IsComplex != 0:
			return [classes]int{0, 2}
		}
		// A string counts its pointer: its length is a value of its
		// own, len s, counted where it is live.
		return [classes]int{1, 0}
	case *types.Slice:
		// Its pointer: len and cap are values of their own.
		return [classes]int{1, 0}
	case *types.Interface:
		return [classes]int{2, 0}
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return [classes]int{1, 0}
	}
	return [classes]int{}
}

// pressure is, per natural loop of a function, the most registers of
// each class live at one point of the loop, and what hoisting adds.
type pressure struct {
	limit [classes]int
	// loops[b] lists the loops (by header) that contain block b.
	loops [][]int
	// live[h] is the pressure of the loop with header h.
	live map[int]*[classes]int
}

// newPressure measures f's loops: the registers live at each point,
// weighted by words, with constants left out (the backend makes them
// where they are used, as immediates or rematerialised).
func newPressure(f *ir.Func, limit Bound) *pressure {
	cfg := f.CFG()
	p := &pressure{limit: [classes]int{limit.GP, limit.FP}, loops: graph.LoopHeaders(cfg.Graph, cfg.Dom), live: map[int]*[classes]int{}}
	weight := make([][classes]int, f.NumRegs())
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpConst {
				continue
			}
			for _, d := range in.Dsts() {
				weight[d] = words(f.TypeOf(d))
			}
		}
		for _, phi := range b.Phis {
			weight[phi.Dst()] = words(f.TypeOf(phi.Dst()))
		}
	}
	for _, r := range append(append([]ir.Reg(nil), f.Params...), f.FreeVars...) {
		weight[r] = words(f.TypeOf(r))
	}
	// A loop's pressure counts the values it reads or writes: one live
	// across the loop and not used in it is spilled and reloaded
	// outside it (the allocator splits live ranges at loops), where
	// that costs little.
	refs := map[int]graph.Bitset{}
	for _, b := range f.Blocks {
		for _, h := range p.loops[b.Index] {
			if refs[h] == nil {
				refs[h] = graph.NewBitset(f.NumRegs())
			}
			for _, in := range append(slices.Clone(b.Phis), b.Instrs...) {
				for _, r := range in.Regs() {
					if r != ir.NoReg {
						refs[h].Add(int(r))
					}
				}
			}
		}
	}
	lv := f.Liveness()
	for _, b := range f.Blocks {
		for _, h := range p.loops[b.Index] {
			most := blockPressure(b, lv.Out(b.Index), refs[h], weight)
			if p.live[h] == nil {
				p.live[h] = new([classes]int)
			}
			for c := range most {
				p.live[h][c] = max(p.live[h][c], most[c])
			}
		}
	}
	return p
}

// blockPressure returns the most registers of each class live at one
// point of b, counting the registers of refs only, each by its weight,
// from out, those live on exit from b.
func blockPressure(b *ir.Block, out, refs graph.Bitset, weight [][classes]int) [classes]int {
	live := out.Copy()
	live.IntersectWith(refs)
	var now, most [classes]int
	add := func(r ir.Reg, sign int) {
		for c := range now {
			now[c] += sign * weight[r][c]
			most[c] = max(most[c], now[c])
		}
	}
	live.ForEach(func(r int) { add(ir.Reg(r), 1) })
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		in := b.Instrs[i]
		for _, d := range in.Dsts() {
			if live.Has(int(d)) {
				live.Remove(int(d))
				add(d, -1)
			}
		}
		for _, a := range in.Args() {
			if a != ir.NoReg && refs.Has(int(a)) && !live.Has(int(a)) {
				live.Add(int(a))
				add(a, 1)
			}
		}
	}
	return most
}

// exited lists the loops that contain block from and not block to.
func (p *pressure) exited(from, to int) []int {
	var out []int
	for _, h := range p.loops[from] {
		in := false
		for _, k := range p.loops[to] {
			in = in || k == h
		}
		if !in {
			out = append(out, h)
		}
	}
	return out
}

// fits reports whether a value of weight w can be live across every
// loop of hs without the most live values passing the limit.
func (p *pressure) fits(hs []int, w [classes]int) bool {
	for _, h := range hs {
		for c := range w {
			if w[c] > 0 && p.live[h][c]+w[c] > p.limit[c] {
				return false
			}
		}
	}
	return true
}

// charge counts a value of weight w as live across every loop of hs.
func (p *pressure) charge(hs []int, w [classes]int) {
	for _, h := range hs {
		for c := range w {
			p.live[h][c] += w[c]
		}
	}
}

// place returns the block of data node n of g between early and late
// (late dominated by early) under the bound: its own block if that is
// between them (else late, where its uses' placement forces it), or a
// block above that of lesser loop depth, the highest such whose loops
// left have registers for it.
func (p *pressure) place(g *son.Graph, n son.ID, early, late int, dom *graph.DomTree, depth []int) int {
	nd := g.Node(n)
	start := late
	if dom.Dominates(nd.Home, late) && dom.Dominates(early, nd.Home) {
		start = nd.Home
	}
	var w [classes]int
	if nd.Instr.Op != ir.OpConst {
		for _, d := range nd.Instr.Dsts() {
			dw := words(g.Func.TypeOf(d))
			for c := range w {
				w[c] += dw[c]
			}
		}
	}
	best := start
	for b := start; b != early && b >= 0; {
		b = dom.Idom(b)
		if b < 0 || depth[b] >= depth[best] {
			continue
		}
		if !p.fits(p.exited(start, b), w) {
			break
		}
		best = b
	}
	p.charge(p.exited(start, best), w)
	return best
}
