package ir

import (
	"fmt"
	"math/rand"
	"testing"
)

// randomLivenessFunc builds a function of random blocks, edges and
// copies over a few registers: liveness reads only operands, results
// and edges, so the function need not be well-formed otherwise.
func randomLivenessFunc(rng *rand.Rand) *Func {
	f := NewFunc("main.random")
	nregs := 1 + rng.Intn(6)
	for range nregs {
		f.NewReg(nil)
	}
	n := 1 + rng.Intn(8)
	for i := range n {
		f.Blocks = append(f.Blocks, &Block{Index: i})
	}
	for _, b := range f.Blocks {
		for range rng.Intn(5) {
			in := &Instr{Op: OpCopy, Dsts: []Reg{Reg(rng.Intn(nregs))}, Args: []Reg{Reg(rng.Intn(nregs))}}
			if rng.Intn(4) == 0 {
				in.Dsts = nil // a use only
			}
			b.Instrs = append(b.Instrs, in)
		}
		term := &Instr{Op: OpReturn}
		if rng.Intn(3) == 0 {
			term.Args = []Reg{Reg(rng.Intn(nregs))}
		}
		b.Instrs = append(b.Instrs, term)
		for range rng.Intn(3) {
			s := rng.Intn(n)
			b.Succs = append(b.Succs, s)
			f.Blocks[s].Preds = append(f.Blocks[s].Preds, b.Index)
		}
	}
	for _, b := range f.Blocks {
		if len(b.Preds) > 0 && rng.Intn(3) == 0 {
			phi := &Instr{Op: OpPhi, Dsts: []Reg{Reg(rng.Intn(nregs))}}
			for range b.Preds {
				phi.Args = append(phi.Args, Reg(rng.Intn(nregs)))
			}
			b.Phis = append(b.Phis, phi)
		}
	}
	if n > 1 && rng.Intn(3) == 0 {
		f.Recover = 1 + rng.Intn(n-1)
	}
	return f
}

// liveInByPaths is the definition of liveness, by search: r is live on
// entry to b if some path from there reads r before writing it. Phis
// write at the start of their block; a phi's argument k is read at the
// end of predecessor k. Every block other than the recover block may
// continue to the recover block (a panic).
func liveInByPaths(f *Func, b int, r Reg) bool {
	seen := make([]bool, len(f.Blocks))
	work := []int{b}
	seen[b] = true
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if reads, writes := readsFirst(f, f.Blocks[x], r); reads {
			return true
		} else if writes {
			continue
		}
		succs := f.Blocks[x].Succs
		if f.Recover > 0 && x != f.Recover {
			succs = append(succs[:len(succs):len(succs)], f.Recover)
		}
		for _, s := range succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// readsFirst reports whether block b of f reads r before any write to
// it, and whether it writes r.
func readsFirst(f *Func, b *Block, r Reg) (reads, writes bool) {
	for _, phi := range b.Phis {
		if phi.Dsts[0] == r {
			return false, true
		}
	}
	for _, in := range b.Instrs {
		for _, a := range in.Args {
			if a == r {
				return true, false
			}
		}
		for _, d := range in.Dsts {
			if d == r {
				return false, true
			}
		}
	}
	return readsAtEnd(f, b, r), false
}

// readsAtEnd reports whether a phi of a successor of b reads r on an
// edge from b.
func readsAtEnd(f *Func, b *Block, r Reg) bool {
	for _, s := range b.Succs {
		for k, p := range f.Blocks[s].Preds {
			for _, phi := range f.Blocks[s].Phis {
				if p == b.Index && phi.Args[k] == r {
					return true
				}
			}
		}
	}
	return false
}

// TestLivenessByPaths compares the liveness solver, for all registers
// and for a subset, with the path definition on random functions
// (loops, parallel edges, unreachable blocks, recover blocks), and with
// an empty set for unreachable blocks.
func TestLivenessByPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 3000 {
		f := randomLivenessFunc(rng)
		full := f.Liveness()
		subset := []Reg{0}
		part := f.LivenessOf(subset)
		reach := f.Reachable()
		for _, b := range f.Blocks {
			for r := range f.Regs {
				// Unreachable blocks get empty sets.
				want := reach[b.Index] && liveInByPaths(f, b.Index, Reg(r))
				if got := full.LiveIn(b.Index, Reg(r)); got != want {
					t.Fatalf("function %d, b%d r%d: live-in %v, want %v\n%s", i, b.Index, r, got, want, dumpLiveness(f))
				}
				if got := part.LiveIn(b.Index, Reg(r)); got != (want && r == 0) {
					t.Fatalf("function %d, b%d r%d: live-in (subset) %v, want %v", i, b.Index, r, got, want && r == 0)
				}
				wantOut := reach[b.Index] && readsAtEnd(f, b, Reg(r))
				succs := b.Succs
				if f.Recover > 0 && b.Index != f.Recover {
					succs = append(succs[:len(succs):len(succs)], f.Recover)
				}
				for _, s := range succs {
					wantOut = wantOut || (reach[b.Index] && liveInByPaths(f, s, Reg(r)))
				}
				if got := full.LiveOut(b.Index, Reg(r)); got != wantOut {
					t.Fatalf("function %d, b%d r%d: live-out %v, want %v\n%s", i, b.Index, r, got, wantOut, dumpLiveness(f))
				}
			}
		}
	}
}

func dumpLiveness(f *Func) string {
	s := fmt.Sprintf("recover b%d\n", f.Recover)
	for _, b := range f.Blocks {
		s += fmt.Sprintf("b%d -> %v:", b.Index, b.Succs)
		for _, in := range b.Instrs {
			s += fmt.Sprintf(" %v=%v", in.Dsts, in.Args)
		}
		s += "\n"
	}
	return s
}
