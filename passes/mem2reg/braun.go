// This file builds SSA form with the algorithm of Braun, Buchwald,
// Hack, Leißa, Mallon and Zwinkau ("Simple and Efficient Construction of
// Static Single Assignment Form", CC 2013; verified by Ullrich).
//
// Vocabulary: a block is filled once its instructions have been
// processed, and sealed once all its predecessors are filled (no
// predecessor will be added). Reading a variable in a block looks for
// its current definition there; failing that, in an unsealed block it
// places an incomplete phi (completed when the block is sealed), in a
// block with one predecessor it reads from that predecessor, and at a
// join it places a phi first (which breaks cycles) and then reads every
// predecessor. Results are memoised per block (currentDef), which is
// what keeps the search linear: the naive search that walks every path
// (Ullrich §7) is exponential on a chain of ifs.
//
// Trivial phis (all operands the phi itself or one value) are removed as
// they appear; at the end, strongly connected components of phis with a
// single outside operand are removed too (Braun et al. §3.2), which makes
// the result minimal also on irreducible CFGs, and phis no instruction
// needs are dropped, which makes it pruned.

package mem2reg

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// value is an SSA value under construction: a definition (a result
// register) or a phi. Removed phis point to their replacement.
type value struct {
	reg      ir.Reg // result register of a definition; NoReg for a phi until materialised
	phi      bool
	block    int
	variable ir.Reg // the input register the value is a version of
	operands []int  // phi operands, in predecessor order (value indices)
	users    []int  // phis using this value as an operand
	replaced int    // index of the replacement, or -1
	undef    bool   // no definition reaches (a read before any write)
}

type braunBuilder struct {
	rn       *renaming
	f        *ir.Func
	values   []value
	current  map[int64]int // (variable, block) → value, for large functions
	dense    []int32       // (variable index × blocks + block) → value+1, for the others
	nblocks  int
	sealed   []bool
	filled   []bool
	pending  []map[ir.Reg]int // per block: incomplete phis by variable
	patches  []patch
	steps    int // readVariable calls, for the complexity test
	problem  error
	blockPhi map[int][]int // phis placed per block, in creation order
}

// patch records an instruction operand to set to a value's register.
type patch struct {
	in  *ir.Instr
	arg int
	val int
}

func braun(s start) (*ir.Func, *validate.SSAHints, error) {
	b, err := runBraun(s)
	if err != nil {
		return nil, nil, err
	}
	// The arrays go back to the buffers, emptied (the values' and
	// patches' pointers would otherwise keep this function alive).
	clear(b.values)
	clear(b.patches)
	s.buf.values, s.buf.patches = b.values[:0], b.patches[:0]
	return b.rn.g, b.rn.hints(), nil
}

func runBraun(s start) (*braunBuilder, error) {
	f, buf := s.f, s.buf
	n := len(f.Blocks)
	b := &braunBuilder{
		rn:      newRenaming(s),
		f:       f,
		sealed:  zeroed(&buf.sealed, n),
		filled:  zeroed(&buf.filled, n),
		pending: zeroed(&buf.pending, n),
		nblocks: n,
		values:  buf.values[:0],
		patches: buf.patches[:0],
	}
	// Current definitions: a dense table when it stays small.
	nvars := len(b.rn.vars)
	if nvars*n <= 1<<22 {
		b.dense = zeroed(&buf.dense, nvars*n)
	} else {
		b.current = map[int64]int{}
	}
	g := b.rn.g
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			if b.rn.renamed(p) {
				b.write(p, 0, b.newDef(p, p, 0))
			}
		}
	}
	order := f.ReversePostorder()
	// Blocks never reached (none in well-formed input) stay unsealed.
	b.trySeal(0)
	for _, blk := range order {
		i := blk.Index
		b.trySeal(i)
		for _, j := range b.rn.at.of(i) {
			in := b.rn.own(g.Blocks[i], int(j))
			for k, a := range in.Args() {
				if a != ir.NoReg && b.rn.renamed(a) {
					b.patches = append(b.patches, patch{in, k, b.read(a, i)})
				}
			}
			for k, d := range in.Dsts() {
				if b.rn.renamed(d) {
					nv := b.rn.version(d)
					in.Dsts()[k] = nv
					b.write(d, i, b.newDef(nv, d, i))
				}
			}
		}
		b.filled[i] = true
		for _, s := range f.Blocks[i].Succs {
			b.trySeal(s)
		}
	}
	if f.Recover >= 0 {
		b.trySeal(f.Recover)
	}
	for i := range f.Blocks {
		if !b.sealed[i] {
			return nil, fmt.Errorf("mem2reg-braun: %s: b%d was never sealed", f.Name, i)
		}
	}
	b.removeRedundantSCCs()
	if err := b.materialise(); err != nil {
		return nil, err
	}
	return b, nil
}

func key(variable ir.Reg, block int) int64 { return int64(variable)<<32 | int64(block) }

func (b *braunBuilder) newDef(reg, variable ir.Reg, block int) int {
	b.values = append(b.values, value{reg: reg, block: block, variable: variable, replaced: -1})
	return len(b.values) - 1
}

func (b *braunBuilder) newPhi(variable ir.Reg, block int) int {
	b.values = append(b.values, value{reg: ir.NoReg, phi: true, block: block, variable: variable, replaced: -1})
	v := len(b.values) - 1
	if b.blockPhi == nil {
		b.blockPhi = map[int][]int{}
	}
	b.blockPhi[block] = append(b.blockPhi[block], v)
	return v
}

// find follows replacements (with path compression).
func (b *braunBuilder) find(v int) int {
	root := v
	for b.values[root].replaced >= 0 {
		root = b.values[root].replaced
	}
	for b.values[v].replaced >= 0 {
		next := b.values[v].replaced
		b.values[v].replaced = root
		v = next
	}
	return root
}

func (b *braunBuilder) write(variable ir.Reg, block, v int) {
	if b.dense != nil {
		b.dense[int(b.rn.index[variable])*b.nblocks+block] = int32(v + 1)
		return
	}
	b.current[key(variable, block)] = v
}

func (b *braunBuilder) lookup(variable ir.Reg, block int) (int, bool) {
	if b.dense != nil {
		v := b.dense[int(b.rn.index[variable])*b.nblocks+block]
		return int(v) - 1, v != 0
	}
	v, ok := b.current[key(variable, block)]
	return v, ok
}

func (b *braunBuilder) read(variable ir.Reg, block int) int {
	b.steps++
	if v, ok := b.lookup(variable, block); ok {
		return b.find(v)
	}
	return b.readRecursive(variable, block)
}

func (b *braunBuilder) readRecursive(variable ir.Reg, block int) int {
	preds := b.f.Blocks[block].Preds
	var v int
	switch {
	case !b.sealed[block]:
		v = b.newPhi(variable, block)
		if b.pending[block] == nil {
			b.pending[block] = map[ir.Reg]int{}
		}
		b.pending[block][variable] = v
	case len(preds) == 1:
		v = b.read(variable, preds[0])
	default:
		v = b.newPhi(variable, block)
		b.write(variable, block, v)
		v = b.addOperands(variable, v)
	}
	b.write(variable, block, v)
	return v
}

func (b *braunBuilder) addOperands(variable ir.Reg, phi int) int {
	for _, p := range b.f.Blocks[b.values[phi].block].Preds {
		op := b.read(variable, p)
		b.values[phi].operands = append(b.values[phi].operands, op)
		b.values[op].users = append(b.values[op].users, phi)
	}
	return b.tryRemoveTrivial(phi)
}

// tryRemoveTrivial replaces a phi whose operands are only itself and one
// other value by that value, then retries the phis that used it.
func (b *braunBuilder) tryRemoveTrivial(phi int) int {
	same := -1
	for _, op := range b.values[phi].operands {
		op = b.find(op)
		if op == same || op == phi {
			continue
		}
		if same >= 0 {
			return phi
		}
		same = op
	}
	if same < 0 {
		// No definition reaches: a read before any write.
		same = len(b.values)
		b.values = append(b.values, value{reg: ir.NoReg, undef: true, variable: b.values[phi].variable, replaced: -1})
	}
	b.values[phi].replaced = same
	// The phi's users now use same: they must be retried when it goes.
	b.values[same].users = append(b.values[same].users, b.values[phi].users...)
	for _, u := range b.values[phi].users {
		if u != phi && b.values[u].replaced < 0 {
			b.tryRemoveTrivial(u)
		}
	}
	return same
}

func (b *braunBuilder) trySeal(block int) {
	if b.sealed[block] {
		return
	}
	for _, p := range b.f.Blocks[block].Preds {
		if !b.filled[p] {
			return
		}
	}
	for variable, phi := range b.pending[block] {
		b.addOperands(variable, phi)
	}
	b.pending[block] = nil
	b.sealed[block] = true
}

// removeRedundantSCCs removes strongly connected components of phis
// whose operands from outside the component are one single value
// (Braun et al., Algorithm 5), repeating inside larger components.
func (b *braunBuilder) removeRedundantSCCs() {
	var phis []int
	for v := range b.values {
		if b.values[v].phi && b.values[v].replaced < 0 {
			phis = append(phis, v)
		}
	}
	b.removeRedundant(phis)
}

func (b *braunBuilder) removeRedundant(phis []int) {
	in := map[int]bool{}
	for _, p := range phis {
		in[p] = true
	}
	for _, scc := range b.phiSCCs(phis, in) {
		if len(scc) == 1 {
			// It may have become trivial when its operands' components
			// were removed (components come operands first).
			if b.values[scc[0]].replaced < 0 {
				b.tryRemoveTrivial(scc[0])
			}
			continue
		}
		member := map[int]bool{}
		for _, p := range scc {
			member[p] = true
		}
		var inner []int
		outer := map[int]bool{}
		for _, p := range scc {
			isInner := true
			for _, op := range b.values[p].operands {
				op = b.find(op)
				if !member[op] {
					outer[op] = true
					isInner = false
				}
			}
			if isInner {
				inner = append(inner, p)
			}
		}
		switch {
		case len(outer) == 1:
			for o := range outer {
				for _, p := range scc {
					b.values[p].replaced = o
					b.values[o].users = append(b.values[o].users, b.values[p].users...)
				}
			}
		case len(outer) > 1 && len(inner) > 0:
			b.removeRedundant(inner)
		}
	}
}

// phiSCCs returns the strongly connected components of the phis (edges
// from a phi to its phi operands among them), operands' components
// first (Tarjan's algorithm, iterative).
func (b *braunBuilder) phiSCCs(phis []int, in map[int]bool) [][]int {
	index := map[int]int{}
	low := map[int]int{}
	onStack := map[int]bool{}
	var stack []int
	var sccs [][]int
	next := 0
	type frame struct {
		v   int
		ops []int
		i   int
	}
	for _, root := range phis {
		if _, seen := index[root]; seen || b.values[root].replaced >= 0 {
			continue
		}
		work := []*frame{{v: root, ops: b.values[root].operands}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(work) > 0 {
			fr := work[len(work)-1]
			if fr.i < len(fr.ops) {
				w := b.find(fr.ops[fr.i])
				fr.i++
				if !in[w] || b.values[w].replaced >= 0 {
					continue
				}
				if _, seen := index[w]; !seen {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					work = append(work, &frame{v: w, ops: b.values[w].operands})
				} else if onStack[w] {
					low[fr.v] = min(low[fr.v], index[w])
				}
				continue
			}
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].v
				low[parent] = min(low[parent], low[fr.v])
			}
			if low[fr.v] == index[fr.v] {
				var scc []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					scc = append(scc, w)
					if w == fr.v {
						break
					}
				}
				sccs = append(sccs, scc)
			}
		}
	}
	return sccs
}

// materialise gives the surviving phis that some instruction needs
// (directly or through other phis) a register, places them, and sets
// every recorded operand.
func (b *braunBuilder) materialise() error {
	g := b.rn.g
	needed := map[int]bool{}
	var work []int
	for _, p := range b.patches {
		v := b.find(p.val)
		if b.values[v].undef {
			return fmt.Errorf("mem2reg-braun: %s: %s may be used before it is defined", b.f.Name, b.values[v].variable)
		}
		if b.values[v].phi && !needed[v] {
			needed[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, op := range b.values[v].operands {
			op = b.find(op)
			if b.values[op].undef {
				return fmt.Errorf("mem2reg-braun: %s: %s is live into b%d but not defined on every path", b.f.Name, b.values[op].variable, b.values[v].block)
			}
			if b.values[op].phi && !needed[op] {
				needed[op] = true
				work = append(work, op)
			}
		}
	}
	// Place phis in creation order per block (deterministic output).
	for blk := range b.f.Blocks {
		for _, v := range b.blockPhi[blk] {
			if needed[v] && b.values[v].replaced < 0 {
				b.values[v].reg = b.rn.version(b.values[v].variable)
			}
		}
	}
	for blk := range b.f.Blocks {
		for _, v := range b.blockPhi[blk] {
			if !needed[v] || b.values[v].replaced >= 0 {
				continue
			}
			val := &b.values[v]
			args := make([]ir.Reg, len(val.operands))
			for k, op := range val.operands {
				args[k] = b.values[b.find(op)].reg
			}
			phi := ir.NewInstr(ir.OpPhi, b.f.Blocks[blk].Instrs[0].Pos, []ir.Reg{val.reg}, args)
			g.Blocks[blk].Phis = append(g.Blocks[blk].Phis, phi)
		}
	}
	for _, p := range b.patches {
		p.in.Args()[p.arg] = b.values[b.find(p.val)].reg
	}
	return nil
}
