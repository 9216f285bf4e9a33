// This file computes register liveness per block, as bit sets.

package ir

import "github.com/vssa-go/vssa/ir/graph"

// Liveness gives, for each block index, the registers live on entry to
// the block and on exit from it.
//
// Phi semantics are those of the IR: a phi's result is defined at the
// start of its block (so it is never live-in there), and its argument k
// is used at the end of predecessor k (so it is live-out there, and only
// there). Registers live on entry to the recover block are live out of
// every block, since a panic can reach the recover block from anywhere.
//
// When computed for a subset of the registers (LivenessOf), bit i of the
// sets stands for the i-th register of the subset; LiveIn and LiveOut
// hide the difference.
type Liveness struct {
	// sets holds, per block b, the live-in set then the live-out set,
	// words words each: one pointer-free allocation per function.
	sets  []uint64
	words int
	bit   []int32 // register → bit, -1 if not tracked; nil: bit = register
}

// In is the set of registers (or subset bits) live on entry to block b.
func (l *Liveness) In(b int) graph.Bitset { return setAt(l.sets, l.words, 2*b) }

// Out is the set of registers (or subset bits) live on exit from block b.
func (l *Liveness) Out(b int) graph.Bitset { return setAt(l.sets, l.words, 2*b+1) }

// setAt is the k-th set of words words in sets, which holds two per block.
func setAt(sets []uint64, words, k int) graph.Bitset {
	i := k * words
	return sets[i : i+words : i+words]
}

// LiveIn reports whether register r is live on entry to block b (false
// for a register that is not tracked).
func (l *Liveness) LiveIn(b int, r Reg) bool {
	i, ok := l.index(r)
	return ok && l.In(b).Has(i)
}

// LiveOut reports whether register r is live on exit from block b.
func (l *Liveness) LiveOut(b int, r Reg) bool {
	i, ok := l.index(r)
	return ok && l.Out(b).Has(i)
}

func (l *Liveness) index(r Reg) (int, bool) {
	if l.bit == nil {
		return int(r), r >= 0
	}
	if r < 0 || int(r) >= len(l.bit) || l.bit[r] < 0 {
		return 0, false
	}
	return int(l.bit[r]), true
}

// Liveness computes the liveness of every register.
func (f *Func) Liveness() *Liveness {
	return f.liveness(nil, f.NumRegs(), nil)
}

// LivenessOf computes the liveness of the given registers only, which is
// much cheaper when they are few.
func (f *Func) LivenessOf(regs []Reg) *Liveness {
	return f.LivenessOfCFG(regs, nil)
}

// LivenessOfCFG is LivenessOf with f's CFG analyses given (nil: computed).
func (f *Func) LivenessOfCFG(regs []Reg, cfg *CFGInfo) *Liveness {
	bit := make([]int32, f.NumRegs())
	for i := range bit {
		bit[i] = -1
	}
	for i, r := range regs {
		bit[r] = int32(i)
	}
	return f.liveness(bit, len(regs), cfg)
}

// liveness iterates backwards to a fixpoint in postorder. Unreachable
// blocks get empty sets.
func (f *Func) liveness(bit []int32, width int, cfg *CFGInfo) *Liveness {
	s := f.NewLiveScan(bit, width)
	for i, b := range f.Blocks {
		for _, in := range b.Phis {
			s.Phi(i, in)
		}
		for _, in := range b.Instrs {
			s.Instr(i, in)
		}
	}
	var order []int
	if cfg != nil {
		order = cfg.Postorder
	}
	return s.Solve(order)
}

// A LiveScan computes liveness from the instructions a caller walks
// anyway: it is given each block's phis and instructions in order (blocks
// in any order), then solves. Validators use it to avoid a walk of their
// own.
type LiveScan struct {
	f     *Func
	bit   []int32 // register → bit, -1 if not tracked; nil: bit = register
	width int
	words int      // per set
	sets  []uint64 // per block: the registers read before any write, then those written
	phis  bool     // some phi was recorded (else Solve need not look for phi arguments)
}

// uses and defs return the sets of block b.
func (s *LiveScan) uses(b int) graph.Bitset { return setAt(s.sets, s.words, 2*b) }

func (s *LiveScan) defs(b int) graph.Bitset { return setAt(s.sets, s.words, 2*b+1) }

// NewLiveScan prepares the liveness of the registers r with bit[r] >= 0,
// bit[r] < width (all registers if bit is nil, width f.NumRegs()).
// Callers that scan function after function reuse one (Reset).
func (f *Func) NewLiveScan(bit []int32, width int) *LiveScan {
	s := new(LiveScan)
	s.Reset(f, bit, width)
	return s
}

// Reset makes s what NewLiveScan(bit, width) of f returns, in the memory
// s has (for callers that scan function after function).
func (s *LiveScan) Reset(f *Func, bit []int32, width int) {
	words := (width + 63) >> 6
	*s = LiveScan{f: f, bit: bit, width: width, words: words, sets: zeroedWords(s.sets, 2*len(f.Blocks)*words)}
}

// zeroedWords returns n zero words, in buf's memory if it is large enough.
func zeroedWords(buf []uint64, n int) []uint64 {
	if cap(buf) < n {
		return make([]uint64, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

func (s *LiveScan) index(r Reg) int {
	if r == NoReg {
		return -1
	}
	if s.bit == nil {
		return int(r)
	}
	return int(s.bit[r])
}

// Phi records a phi of block b: its result is defined at the start of b
// (its arguments are read by Solve, at the ends of the predecessors).
func (s *LiveScan) Phi(b int, phi *Instr) {
	s.phis = true
	for _, d := range phi.Dsts() {
		if k := s.index(d); k >= 0 {
			s.defs(b).Add(k)
		}
	}
}

// Instr records the next instruction of block b.
func (s *LiveScan) Instr(b int, in *Instr) {
	for _, a := range in.Args() {
		s.Use(b, a)
	}
	for _, d := range in.Dsts() {
		if k := s.index(d); k >= 0 {
			s.DefBit(b, k)
		}
	}
}

// Use records a read of register r at the current point of block b,
// after the instructions recorded so far (a validator records there the
// register a phi of a successor of b merges).
func (s *LiveScan) Use(b int, r Reg) {
	if k := s.index(r); k >= 0 {
		s.UseBit(b, k)
	}
}

// UseBit is Use of the register with bit k (0 <= k < width), for a
// caller that knows its bit, and DefBit records a write of it at the
// current point of block b.
func (s *LiveScan) UseBit(b, k int) {
	if !s.defs(b).Has(k) {
		s.uses(b).Add(k)
	}
}

func (s *LiveScan) DefBit(b, k int) { s.defs(b).Add(k) }

// Solve computes the liveness, iterating in the given postorder of the
// CFG (nil: computed).
func (s *LiveScan) Solve(order []int) *Liveness {
	live := new(Liveness)
	s.SolveInto(order, live)
	return live
}

// SolveInto is Solve, with the result in live (in the memory it has).
func (s *LiveScan) SolveInto(order []int, live *Liveness) {
	if order == nil {
		order = graph.Postorder(s.f.Graph(), 0)
	}
	*live = Liveness{sets: zeroedWords(live.sets, 2*len(s.f.Blocks)*s.words), words: s.words, bit: s.bit}
	if s.words == 1 {
		s.solveWord(order, live)
	} else {
		s.solveSets(order, live)
	}
}

// phiUses adds to out the registers the phis of succ read on the edges
// from block i, and reports whether that changed it.
func (s *LiveScan) phiUses(i int, succ *Block, out graph.Bitset) bool {
	changed := false
	for k, p := range succ.Preds {
		if p != i {
			continue
		}
		for _, phi := range succ.Phis {
			if k >= len(phi.Args()) {
				continue
			}
			if a := s.index(phi.Args()[k]); a >= 0 && !out.Has(a) {
				out.Add(a)
				changed = true
			}
		}
	}
	return changed
}

// solveWord is solveSets for sets of one word (at most 64 registers, as
// in most functions): the same equations, on words instead of sets.
func (s *LiveScan) solveWord(order []int, live *Liveness) {
	f, sets, lv := s.f, s.sets, live.sets // sets[2b], sets[2b+1]: uses, defs; lv[2b], lv[2b+1]: in, out
	// The recover block's live-in is live out of every other block.
	rec := -1
	if f.Recover > 0 {
		rec = f.Recover
	}
	for changed := true; changed; {
		changed = false
		for _, i := range order {
			b := f.Blocks[i]
			out := lv[2*i+1]
			for _, succ := range b.Succs {
				out |= lv[2*succ]
				if s.phis && len(f.Blocks[succ].Phis) > 0 {
					set := graph.Bitset{out}
					s.phiUses(i, f.Blocks[succ], set)
					out = set[0]
				}
			}
			if rec >= 0 && i != rec {
				out |= lv[2*rec]
			}
			if out != lv[2*i+1] {
				lv[2*i+1] = out
				changed = true
			}
			if in := sets[2*i] | out&^sets[2*i+1]; in != lv[2*i] {
				lv[2*i] = in
				changed = true
			}
		}
	}
}

// solveSets iterates In(b) = uses(b) ∪ (Out(b) − defs(b)), Out(b) = the
// union of its successors' In and of what their phis read on the edges
// from b (and the recover block's In), to a fixpoint.
func (s *LiveScan) solveSets(order []int, live *Liveness) {
	f := s.f
	tmp := graph.NewBitset(s.width)
	for changed := true; changed; {
		changed = false
		for _, i := range order {
			b := f.Blocks[i]
			out := live.Out(i)
			for _, succ := range b.Succs {
				changed = out.UnionWith(live.In(succ)) || changed
				if s.phis {
					changed = s.phiUses(i, f.Blocks[succ], out) || changed
				}
			}
			if f.Recover > 0 && i != f.Recover {
				changed = out.UnionWith(live.In(f.Recover)) || changed
			}
			// In = uses ∪ (Out − defs)
			tmp.CopyFrom(out)
			tmp.DifferenceWith(s.defs(i))
			tmp.UnionWith(s.uses(i))
			if in := live.In(i); !tmp.Equal(in) {
				in.CopyFrom(tmp)
				changed = true
			}
		}
	}
}
