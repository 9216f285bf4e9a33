// This file computes which machine values are live where and removes
// the instructions whose value nobody reads.

package native

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// bitset is a set of values: ir/graph's, read and written by Value.
type bitset graph.Bitset

func newBitset(n int) bitset      { return bitset(graph.NewBitset(n)) }
func (s bitset) has(v Value) bool { return graph.Bitset(s).Has(int(v)) }
func (s bitset) add(v Value)      { graph.Bitset(s).Add(int(v)) }
func (s bitset) remove(v Value)   { graph.Bitset(s).Remove(int(v)) }
func (s bitset) clone() bitset    { return bitset(graph.Bitset(s).Copy()) }
func (s bitset) each(fn func(Value)) {
	graph.Bitset(s).ForEach(func(i int) { fn(Value(i)) })
}

// liveness is the set of values live at each block's end (phi arguments
// of a successor included) and start (phi results excluded).
type liveness struct {
	in, out []bitset
}

// uses returns the values in reads.
func (in *Instr) uses() []Value { return in.Args }

// hasEffect reports whether in must stay even if its value is unused.
func (in *Instr) hasEffect() bool {
	switch in.Op {
	case OpArg, OpConst, OpBin, OpUnary, OpShift, OpDiv, OpCmp, OpExt, OpCvt, OpLoad, OpLea, OpSelect, OpRotate, OpMulHi, OpIntrinsic, OpVLoad, OpVBin, OpVShift, OpVBroadcast, OpVRotate, OpVMatch:
		return false
	}
	return true
}

func computeLiveness(f *Func) *liveness {
	n := len(f.Values)
	lv := &liveness{in: make([]bitset, len(f.Blocks)), out: make([]bitset, len(f.Blocks))}
	for i := range f.Blocks {
		lv.in[i], lv.out[i] = newBitset(n), newBitset(n)
	}
	for changed := true; changed; {
		changed = false
		for i := len(f.Blocks) - 1; i >= 0; i-- {
			b := f.Blocks[i]
			out := newBitset(n)
			for k, s := range b.Succs {
				sb := f.Blocks[s]
				for w := range out {
					out[w] |= lv.in[s][w]
				}
				j := ir.PredIndexOf(b.Succs, k, b.Index, sb.Preds)
				for _, p := range sb.Phis {
					out.add(p.Args[j])
				}
			}
			live := out.clone()
			for x := len(b.Instrs) - 1; x >= 0; x-- {
				in := b.Instrs[x]
				if in.Dst != NoValue {
					live.remove(in.Dst)
				}
				for _, u := range in.uses() {
					live.add(u)
				}
			}
			for _, p := range b.Phis {
				live.remove(p.Dst)
			}
			if !graph.Bitset(out).Equal(graph.Bitset(lv.out[i])) || !graph.Bitset(live).Equal(graph.Bitset(lv.in[i])) {
				lv.out[i], lv.in[i] = out, live
				changed = true
			}
		}
	}
	return lv
}

// readCounts returns, by value, how many operands of phis and
// instructions read it.
func readCounts(f *Func) []int {
	n := make([]int, len(f.Values))
	for _, b := range f.Blocks {
		for _, p := range b.Phis {
			for _, a := range p.Args {
				n[a]++
			}
		}
		for _, in := range b.Instrs {
			for _, u := range in.uses() {
				n[u]++
			}
		}
	}
	return n
}

// removeDead deletes instructions without effect whose value is read
// nowhere (an argument not used, an address computed for nothing), until
// none is left.
func removeDead(f *Func) {
	for {
		used := readCounts(f)
		removed := false
		for _, b := range f.Blocks {
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				if in.Dst != NoValue && used[in.Dst] == 0 && !in.hasEffect() {
					removed = true
					continue
				}
				kept = append(kept, in)
			}
			b.Instrs = kept
			phis := b.Phis[:0]
			for _, p := range b.Phis {
				if used[p.Dst] == 0 {
					removed = true
					continue
				}
				phis = append(phis, p)
			}
			b.Phis = phis
		}
		if !removed {
			return
		}
	}
}
