package ir

import (
	"math/rand"
	"testing"
)

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
		if phi.Dsts()[0] == r {
			return false, true
		}
	}
	for _, in := range b.Instrs {
		for _, a := range in.Args() {
			if a == r {
				return true, false
			}
		}
		for _, d := range in.Dsts() {
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
				if p == b.Index && phi.Args()[k] == r {
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
// an empty set for unreachable blocks. The sets of the function's few
// registers fit a word; a third solution puts them after 70 unused
// registers, in sets of two words, which the solver handles apart.
func TestLivenessByPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 3000 {
		f := randomFunc(rng)
		nregs := f.NumRegs()
		var wide []Reg
		for range 70 {
			wide = append(wide, f.NewReg(nil)) // mentioned nowhere
		}
		for r := range nregs {
			wide = append(wide, Reg(r))
		}
		wideLive := f.LivenessOf(wide)
		if wideLive.words != 2 {
			t.Fatalf("sets of %d words, want 2", wideLive.words)
		}
		f.SetNumRegs(nregs)
		full := f.Liveness()
		if full.words != 1 {
			t.Fatalf("sets of all registers have %d words, want 1", full.words)
		}
		subset := []Reg{0}
		part := f.LivenessOf(subset)
		if part.words != 1 {
			t.Fatalf("sets of one register have %d words", part.words)
		}
		reach := f.Reachable()
		for _, b := range f.Blocks {
			for r := range f.NumRegs() {
				// Unreachable blocks get empty sets.
				want := reach[b.Index] && liveInByPaths(f, b.Index, Reg(r))
				if got := full.LiveIn(b.Index, Reg(r)); got != want {
					t.Fatalf("function %d, b%d r%d: live-in %v, want %v\n%s", i, b.Index, r, got, want, dumpRandom(f))
				}
				if got := wideLive.LiveIn(b.Index, Reg(r)); got != want {
					t.Fatalf("function %d, b%d r%d: live-in (two words) %v, want %v", i, b.Index, r, got, want)
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
					t.Fatalf("function %d, b%d r%d: live-out %v, want %v\n%s", i, b.Index, r, got, wantOut, dumpRandom(f))
				}
				if got := wideLive.LiveOut(b.Index, Reg(r)); got != wantOut {
					t.Fatalf("function %d, b%d r%d: live-out (two words) %v, want %v", i, b.Index, r, got, wantOut)
				}
			}
		}
	}
}
