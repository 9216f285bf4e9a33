// This file compiles a function that counts bits in a loop twice: once
// for a CPU with POPCNT, once for one without, and chooses between them
// once, at the entry, after the arguments are read. Each copy's bit
// counts then go without the test of the CPU flag that every count
// otherwise makes (a load, a compare and a branch, which gc's code
// makes too): bitset's popcntSlice spends a third of its instructions
// on them.
//
// Exactness: the copies are the same code, value for value; only how a
// count is computed differs, and both ways give the same count. The
// flag is set once, before any call (the generated test sets it false
// to run the copy without POPCNT).

package native

// popcntHave and popcntLack, as an IntrPopcnt's Imm, say that it runs
// only where the CPU has POPCNT, or only where it has not.
const (
	popcntHave = 1
	popcntLack = 2
)

// maxVersionedInstrs is the most instructions a function may have for
// popcntVersions to copy it.
const maxVersionedInstrs = 600

// popcntVersions copies m when a bit count of its is in a loop: the
// entry block's code reads the arguments, then branches on the flag to
// the original blocks (their counts marked popcntHave) or to their copy
// (popcntLack).
func popcntVersions(m *Func) {
	entry := m.Blocks[0]
	if len(entry.Preds) != 0 || !popcntInLoop(m) {
		return
	}
	n := 0
	for _, b := range m.Blocks {
		n += len(b.Instrs)
	}
	if n > maxVersionedInstrs {
		return
	}
	// The entry's terminator moves to a block of its own, e, which the
	// copy starts from.
	term := entry.Instrs[len(entry.Instrs)-1]
	e := &Block{Index: len(m.Blocks), Preds: []int{0}, Succs: entry.Succs, Instrs: []*Instr{term}}
	m.Blocks = append(m.Blocks, e)
	for _, s := range e.Succs {
		for k, p := range m.Blocks[s].Preds {
			if p == 0 {
				m.Blocks[s].Preds[k] = e.Index
			}
		}
	}
	// The copy: every block but the entry, whose values stay shared
	// (they dominate all others). New values first: a phi reads values
	// of blocks copied after it.
	orig := m.Blocks[1:]
	bmap := map[int]int{}
	for k, b := range orig {
		bmap[b.Index] = len(m.Blocks) + k
	}
	vmap := map[Value]Value{}
	for _, b := range orig {
		for _, ph := range b.Phis {
			vmap[ph.Dst] = m.newValue(m.Values[ph.Dst].Class, m.Values[ph.Dst].Pointer)
		}
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				vmap[in.Dst] = m.newValue(m.Values[in.Dst].Class, m.Values[in.Dst].Pointer)
			}
		}
	}
	get := func(v Value) Value {
		if w, ok := vmap[v]; ok {
			return w
		}
		return v
	}
	var copies []*Block
	for _, b := range orig {
		c := &Block{Index: bmap[b.Index], NoPoll: b.NoPoll, PollEach: b.PollEach, StepFits: b.StepFits}
		for _, p := range b.Preds {
			c.Preds = append(c.Preds, bmap[p]) // e's pred, 0, is no key: 0 again
		}
		for _, s := range b.Succs {
			c.Succs = append(c.Succs, bmap[s])
		}
		for _, ph := range b.Phis {
			np := Phi{Dst: vmap[ph.Dst]}
			for _, a := range ph.Args {
				np.Args = append(np.Args, get(a))
			}
			c.Phis = append(c.Phis, np)
		}
		for _, in := range b.Instrs {
			ci := *in
			ci.Args = append([]Value(nil), in.Args...)
			ci.mapOperands(get)
			if in.Dst != NoValue {
				ci.Dst = vmap[in.Dst]
			}
			if ci.Op == OpIntrinsic && ci.Intr == IntrPopcnt {
				ci.Imm = popcntLack
			}
			c.Instrs = append(c.Instrs, &ci)
		}
		copies = append(copies, c)
	}
	for _, b := range orig {
		for _, in := range b.Instrs {
			if in.Op == OpIntrinsic && in.Intr == IntrPopcnt {
				in.Imm = popcntHave
			}
		}
	}
	m.Blocks = append(m.Blocks, copies...)
	// The entry: the flag, and the branch to either.
	pos := term.Pos
	flag := &Instr{Op: OpIntrinsic, Intr: IntrHasPopcnt, Width: 1, Dst: m.newValue(GP, false), Pos: pos}
	br := &Instr{Op: OpBranch, Dst: NoValue, Cond: CondNe, Width: 1, HasImm: true, Args: []Value{flag.Dst}, Pos: pos}
	entry.Instrs = append(entry.Instrs[:len(entry.Instrs)-1], flag, br)
	entry.Succs = []int{e.Index, bmap[e.Index]}
}

// popcntInLoop reports whether a bit count of m is in a loop.
func popcntInLoop(m *Func) bool {
	for _, body := range naturalLoops(m) {
		for i, in := range body {
			if !in {
				continue
			}
			for _, x := range m.Blocks[i].Instrs {
				if x.Op == OpIntrinsic && x.Intr == IntrPopcnt {
					return true
				}
			}
		}
	}
	return false
}
