// This file is the SSA to GSA pass: loops, μs, rows of the predicate
// matrix, γs and ηs.

package gsa

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/ir/pred"
	"github.com/vssa-go/vssa/validate"
)

// MaxGate bounds the size of a matrix entry (pred.Pred.Size): a larger
// one is replaced by true.
const MaxGate = 48

// Run translates the SSA function f to GSA.
func Run(f *ir.Func) (*ir.Func, *validate.GSAHints, error) {
	h := &validate.GSAHints{Row: map[ir.Reg]int{}}
	if f.Recover != -1 || !hasPhis(f) {
		return f, h, nil
	}
	g := f.Clone()
	c := newConv(g, h)
	c.mus()
	c.targets()
	c.gammas()
	c.etas()
	return g, h, nil
}

func hasPhis(f *ir.Func) bool {
	for _, b := range f.Blocks {
		if len(b.Phis) > 0 {
			return true
		}
	}
	return false
}

type conv struct {
	f        *ir.Func
	h        *validate.GSAHints
	dom      *graph.DomTree
	rpo      []int
	rpoIdx   []int
	defBlock []int32
	header   []bool
	// per dominator block: the blocks whose entries are needed
	want map[int][]int
	rows map[int]*row
	// exits[l] are the μs whose values leave their loop at exit l
	exits map[int][]*ir.Instr
}

type row struct {
	dom      int
	p        map[int]pred.Pred
	big      map[int]bool // entries past MaxGate, made true
	ok       bool
	hintsIdx int
}

func newConv(f *ir.Func, h *validate.GSAHints) *conv {
	cfg := f.Analyze()
	c := &conv{f: f, h: h, dom: cfg.Dom, want: map[int][]int{}, rows: map[int]*row{}, exits: map[int][]*ir.Instr{}}
	c.rpoIdx = make([]int, len(f.Blocks))
	for i := range c.rpoIdx {
		c.rpoIdx[i] = -1
	}
	for i := len(cfg.Postorder) - 1; i >= 0; i-- {
		b := cfg.Postorder[i]
		c.rpoIdx[b] = len(c.rpo)
		c.rpo = append(c.rpo, b)
	}
	c.defBlock = make([]int32, f.NumRegs())
	for i := range c.defBlock {
		c.defBlock[i] = -1
	}
	c.header = make([]bool, len(f.Blocks))
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, d := range in.Dsts() {
					c.defBlock[d] = int32(b.Index)
				}
			}
		}
		for _, p := range b.Preds {
			if c.dom.Dominates(b.Index, p) {
				c.header[b.Index] = true
			}
		}
	}
	return c
}

// mus turns the phis of a header with one entry (predecessor 0) and one
// latch (predecessor 1) into μs, and records the loop exits their
// values are used past.
func (c *conv) mus() {
	for _, b := range c.f.Blocks {
		if !c.header[b.Index] || len(b.Phis) == 0 || len(b.Preds) != 2 ||
			c.dom.Dominates(b.Index, b.Preds[0]) || !c.dom.Dominates(b.Index, b.Preds[1]) {
			continue
		}
		for _, phi := range b.Phis {
			phi.Op = ir.OpMu
		}
		body := c.loop(b.Index, b.Preds[1])
		for _, l := range c.f.Blocks {
			if body[l.Index] || len(l.Preds) != 1 || !body[l.Preds[0]] {
				continue
			}
			for _, phi := range b.Phis {
				if !isBool(c.f.TypeOf(phi.Dsts()[0])) {
					c.exits[l.Index] = append(c.exits[l.Index], phi)
				}
			}
			if len(c.exits[l.Index]) > 0 {
				c.want[b.Index] = append(c.want[b.Index], l.Index)
			}
		}
	}
}

func isBool(t types.Type) bool {
	u, ok := t.Underlying().(*types.Basic)
	return ok && u.Info()&types.IsBoolean != 0
}

// loop returns the natural loop of header hd with latch latch.
func (c *conv) loop(hd, latch int) []bool {
	body := make([]bool, len(c.f.Blocks))
	body[hd] = true
	stack := []int{latch}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if body[x] {
			continue
		}
		body[x] = true
		stack = append(stack, c.f.Blocks[x].Preds...)
	}
	return body
}

// targets records, for each join with phis that is not a header, its
// immediate dominator's need of its predecessors' entries.
func (c *conv) targets() {
	for _, b := range c.f.Blocks {
		if len(b.Phis) == 0 || c.header[b.Index] || b.Phis[0].Op != ir.OpPhi {
			continue
		}
		d := c.dom.Idom(b.Index)
		c.want[d] = append(c.want[d], b.Preds...)
	}
	for d, ts := range c.want {
		c.rows[d] = c.row(d, ts)
	}
}

// cond returns the condition of the s-th edge out of block b.
func (c *conv) cond(b *ir.Block, s int) pred.Pred {
	if t := b.Terminator(); t != nil && t.Op == ir.OpIf && b.Succs[0] != b.Succs[1] {
		return pred.Literal(int32(t.Args()[0]), s == 1)
	}
	return pred.TruePred()
}

// row computes the entries of dominator d needed for blocks ts.
func (c *conv) row(d int, ts []int) *row {
	r := &row{dom: d, p: map[int]pred.Pred{}, big: map[int]bool{}, ok: true}
	// The region: blocks d strictly dominates that reach a target
	// without passing d.
	in := map[int]bool{}
	stack := append([]int(nil), ts...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == d || in[x] || !c.dom.Dominates(d, x) {
			continue
		}
		in[x] = true
		stack = append(stack, c.f.Blocks[x].Preds...)
	}
	entry := func(x int) pred.Pred {
		if p, ok := r.p[x]; ok && x != d {
			return p
		}
		return pred.TruePred()
	}
	var order []int
	for _, x := range c.rpo {
		if in[x] {
			order = append(order, x)
		}
	}
	for _, x := range order {
		drop := func(a int32) bool { return c.defBlock[a] == int32(x) }
		var ante pred.Pred
		for _, e := range c.edgesInto(x) {
			if c.rpoIdx[e.from] >= c.rpoIdx[x] {
				if !c.dom.Dominates(x, e.from) {
					r.ok = false // irreducible
					return r
				}
				continue // a back edge: checked below
			}
			ante = append(ante, pred.And(entry(e.from), e.cond)...)
			if len(ante) > 4*MaxGate {
				break
			}
		}
		p := pred.Weaken(pred.Project(ante, drop))
		if p.Size() > MaxGate {
			p, r.big[x] = pred.TruePred(), true
		}
		if !p.IsTrue() {
			r.p[x] = p
		}
	}
	for _, x := range order {
		drop := func(a int32) bool { return c.defBlock[a] == int32(x) }
		for _, e := range c.edgesInto(x) {
			if c.rpoIdx[e.from] >= c.rpoIdx[x] && !pred.Implies(pred.Project(pred.And(entry(e.from), e.cond), drop), entry(x)) {
				r.ok = false
				return r
			}
		}
	}
	return r
}

type inEdge struct {
	from int
	cond pred.Pred
}

// edgesInto returns the edges into block x with their conditions.
func (c *conv) edgesInto(x int) []inEdge {
	var es []inEdge
	seen := map[int]bool{}
	for _, p := range c.f.Blocks[x].Preds {
		if seen[p] {
			continue
		}
		seen[p] = true
		b := c.f.Blocks[p]
		for s, succ := range b.Succs {
			if succ == x {
				es = append(es, inEdge{p, c.cond(b, s)})
			}
		}
	}
	return es
}

// hintRow returns the index in the hints of row r, adding it.
func (c *conv) hintRow(r *row) int {
	if r.hintsIdx > 0 {
		return r.hintsIdx - 1
	}
	c.h.Rows = append(c.h.Rows, validate.GSARow{Dom: r.dom, P: r.p})
	r.hintsIdx = len(c.h.Rows)
	return r.hintsIdx - 1
}

// gammas turns the phis of each non-header join into γs, if its gates
// are pairwise exclusive.
func (c *conv) gammas() {
	for _, b := range c.f.Blocks {
		if len(b.Phis) == 0 || c.header[b.Index] || b.Phis[0].Op != ir.OpPhi {
			continue
		}
		r := c.rows[c.dom.Idom(b.Index)]
		if r == nil || !r.ok {
			continue
		}
		gates := make([]pred.Pred, len(b.Preds))
		for k, p := range b.Preds {
			gates[k] = pred.TruePred()
			if q, ok := r.p[p]; ok && p != r.dom {
				gates[k] = q
			}
		}
		if !pairwiseExclusive(gates) {
			continue
		}
		i := c.hintRow(r)
		for _, phi := range b.Phis {
			phi.Op = ir.OpGamma
			phi.SetGates(gates)
			c.h.Row[phi.Dsts()[0]] = i
		}
	}
}

func pairwiseExclusive(gs []pred.Pred) bool {
	for i := range gs {
		for j := i + 1; j < len(gs); j++ {
			if !pred.Exclusive(gs[i], gs[j]) {
				return false
			}
		}
	}
	return true
}

// etas inserts, at each loop exit, an η of each μ used past it, and
// renames those uses.
func (c *conv) etas() {
	if len(c.exits) == 0 {
		return
	}
	type site struct {
		in    *ir.Instr
		arg   int
		block int // where the use is: the predecessor, for a merge's argument
	}
	uses := map[ir.Reg][]site{}
	for _, b := range c.f.Blocks {
		for _, in := range b.Phis {
			for k, a := range in.Args() {
				uses[a] = append(uses[a], site{in, k, b.Preds[k]})
			}
		}
		for _, in := range b.Instrs {
			for k, a := range in.Args() {
				if a != ir.NoReg {
					uses[a] = append(uses[a], site{in, k, b.Index})
				}
			}
		}
	}
	for _, b := range c.f.Blocks {
		mus := c.exits[b.Index]
		if len(mus) == 0 {
			continue
		}
		var etas []*ir.Instr
		for _, mu := range mus {
			hd := int(c.defBlock[mu.Dsts()[0]])
			r := c.rows[hd]
			if r == nil || !r.ok {
				continue
			}
			src := mu.Dsts()[0]
			var at []site
			for _, u := range uses[src] {
				if c.dom.Dominates(b.Index, u.block) {
					at = append(at, u)
				}
			}
			if len(at) == 0 {
				continue
			}
			d := c.f.NewReg(c.f.TypeOf(src))
			eta := ir.NewInstr(ir.OpEta, mu.Pos, []ir.Reg{d}, []ir.Reg{src})
			gate := pred.TruePred()
			if p, ok := r.p[b.Index]; ok {
				gate = p
			}
			eta.SetGates([]pred.Pred{gate})
			c.h.Row[d] = c.hintRow(r)
			for _, u := range at {
				u.in.Args()[u.arg] = d
			}
			etas = append(etas, eta)
		}
		b.Instrs = append(etas, b.Instrs...)
	}
}
