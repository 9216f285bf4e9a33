// This file inlines calls between compiled functions: a call of a
// small function that calls nothing itself is replaced by a copy of
// that function's lowered code, before the transforms, which then see
// one function (a loop calling isPrime unrolls, splits and allocates
// as one). What the copy computes is what the call would: its
// arguments are the caller's values, its returns jump to the code after
// the call, where phis gather the results. A panic in the copy is the
// callee's panic, with the same message; only the call stack differs,
// as it does for gc's inlining.

package native

// maxInline is the most instructions a callee may have to be inlined.
const maxInline = 120

// callSite is a call as lowered: its outgoing arguments, the call and
// its results, each right after the other in one block.
type callSite struct {
	callee  string // the IR name
	args    []*Instr
	results []*Instr
}

// inlineCalls replaces the calls of inlinable callees by their code.
// A callee with a loop is inlined only when every call goes: a loop in
// a function that still calls keeps its values in stack slots and
// reloads its pointers (calls.go), and runs slower than in a callee of
// its own.
func (l *lowerer) inlineCalls() {
	m := l.m
	all := true
	for _, site := range l.sites {
		all = all && l.inlinable(site.callee) != nil
	}
	// Blocks appended by a splice are scanned too: the continuation
	// may hold more calls.
	for bi := 0; bi < len(m.Blocks); bi++ {
		b := m.Blocks[bi]
		for x, in := range b.Instrs {
			site := l.sites[in]
			if site == nil {
				continue
			}
			if g := l.inlinable(site.callee); g != nil && (all || len(naturalLoops(g)) == 0) {
				l.splice(b, x, site, g)
				break // the rest of b is in its continuation now
			}
		}
	}
}

// inlinable returns the code of callee to inline, or nil: it must lower,
// call nothing and be small.
func (l *lowerer) inlinable(callee string) *Func {
	if g, ok := l.inlined[callee]; ok {
		return g
	}
	if l.inlined == nil {
		l.inlined = map[string]*Func{}
	}
	l.inlined[callee] = nil
	c := l.unit.Callees[callee]
	if c.IR == nil {
		return nil
	}
	gl, err := lowerBody(c.IR, c.Sig, l.unit)
	if err != nil || len(gl.sites) > 0 {
		return nil
	}
	n := 0
	for _, b := range gl.m.Blocks {
		n += len(b.Instrs)
	}
	if n > maxInline {
		return nil
	}
	l.inlined[callee] = gl.m
	return gl.m
}

// splice replaces the call at b.Instrs[x] by a copy of g: b jumps to the
// copy of g's entry, g's returns jump to a new block holding the rest of
// b, whose phis define the call's results.
func (l *lowerer) splice(b *Block, x int, site *callSite, g *Func) {
	m := l.m
	isSite := map[*Instr]bool{}
	argAt := map[int64]Value{}
	for _, a := range site.args {
		isSite[a] = true
		argAt[a.Off] = a.Args[0]
	}
	for _, r := range site.results {
		isSite[r] = true
	}
	// g's values and blocks, renumbered after m's; its arguments are
	// the caller's values.
	valueBase, blockBase := Value(len(m.Values)), len(m.Blocks)
	m.Values = append(m.Values, g.Values...)
	argValue := map[Value]Value{}
	for _, gb := range g.Blocks {
		for _, in := range gb.Instrs {
			if in.Op == OpArg {
				argValue[in.Dst] = argAt[in.Off]
			}
		}
	}
	value := func(v Value) Value {
		if v == NoValue {
			return v
		}
		if a, ok := argValue[v]; ok {
			return a
		}
		return v + valueBase
	}
	cont := &Block{Index: blockBase + len(g.Blocks)}
	var returns []*Instr // g's returns, by the block that ends with one
	for _, gb := range g.Blocks {
		nb := &Block{Index: gb.Index + blockBase}
		for _, p := range gb.Preds {
			nb.Preds = append(nb.Preds, p+blockBase)
		}
		for _, s := range gb.Succs {
			nb.Succs = append(nb.Succs, s+blockBase)
		}
		for _, p := range gb.Phis {
			np := Phi{Dst: value(p.Dst)}
			for _, a := range p.Args {
				np.Args = append(np.Args, value(a))
			}
			nb.Phis = append(nb.Phis, np)
		}
		for _, in := range gb.Instrs {
			if in.Op == OpArg {
				continue
			}
			c := *in
			c.Args = append([]Value(nil), in.Args...)
			c.mapOperands(value)
			c.Dst = value(in.Dst)
			if c.Op == OpReturn {
				ret := c
				returns = append(returns, &ret)
				c = Instr{Op: OpJump, Dst: NoValue, Pos: in.Pos}
				nb.Succs = []int{cont.Index}
				cont.Preds = append(cont.Preds, nb.Index)
			}
			nb.Instrs = append(nb.Instrs, &c)
		}
		m.Blocks = append(m.Blocks, nb)
	}
	// The continuation: the rest of b, the call's results as phis of
	// what the returns return.
	for _, r := range site.results {
		p := Phi{Dst: r.Dst}
		for _, ret := range returns {
			for k, rr := range ret.Rets {
				if rr.Off == r.Off {
					p.Args = append(p.Args, ret.Args[k])
				}
			}
		}
		cont.Phis = append(cont.Phis, p)
	}
	for _, in := range b.Instrs[x+1:] {
		if !isSite[in] {
			cont.Instrs = append(cont.Instrs, in)
		}
	}
	cont.Succs = b.Succs
	m.replacePred(cont.Succs, b.Index, cont.Index)
	m.Blocks = append(m.Blocks, cont)
	// b: what came before the call, then into the copy.
	var before []*Instr
	for _, in := range b.Instrs[:x] {
		if !isSite[in] {
			before = append(before, in)
		}
	}
	entry := m.Blocks[blockBase+0]
	entry.Preds = []int{b.Index}
	b.Instrs = append(before, &Instr{Op: OpJump, Dst: NoValue, Pos: b.Instrs[x].Pos})
	b.Succs = []int{entry.Index}
}
