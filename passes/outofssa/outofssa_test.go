package outofssa

import (
	"math/rand/v2"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestSequentialize checks the sequentialisation of random parallel
// moves (permutations with cycles, chains, fan-outs) by executing it:
// afterwards every destination must hold its source's initial value, and
// each cycle costs at most one temporary.
func TestSequentialize(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(8)
		perm := rng.Perm(n)
		var moves []move
		for d, s := range perm {
			if rng.IntN(4) == 0 {
				s = rng.IntN(n + 3) // fan-out or a register outside the set
			}
			moves = append(moves, move{dst: ir.Reg(d), src: ir.Reg(s)})
		}
		next := ir.Reg(100)
		temps := 0
		seq := sequentialize(moves, func(ir.Reg) ir.Reg { temps++; next++; return next })
		vals := map[ir.Reg]int{}
		for r := ir.Reg(0); r < 200; r++ {
			vals[r] = int(r)
		}
		for _, m := range seq {
			vals[m.dst] = vals[m.src]
		}
		for _, m := range moves {
			if vals[m.dst] != int(m.src) {
				t.Fatalf("moves %v sequentialised as %v: r%d holds %d, want %d", moves, seq, m.dst, vals[m.dst], m.src)
			}
		}
		if temps > n/2 {
			t.Errorf("moves %v used %d temporaries", moves, temps)
		}
	}
}
