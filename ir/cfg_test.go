package ir

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/ir/graph"
)

// TestLivenessOf checks that liveness restricted to a subset of the
// registers agrees with full liveness on that subset, on the testdata
// functions.
func TestLivenessOf(t *testing.T) {
	for _, src := range []string{goodFunc} {
		f, err := ParseFunc(src)
		if err != nil {
			t.Fatal(err)
		}
		full := f.Liveness()
		var subset []Reg
		for r := range f.Regs {
			if r%2 == 1 {
				subset = append(subset, Reg(r))
			}
		}
		part := f.LivenessOf(subset)
		for _, b := range f.Blocks {
			for r := range f.Regs {
				want := full.LiveIn(b.Index, Reg(r)) && r%2 == 1
				if got := part.LiveIn(b.Index, Reg(r)); got != want {
					t.Errorf("b%d r%d: live-in %v, want %v", b.Index, r, got, want)
				}
				want = full.LiveOut(b.Index, Reg(r)) && r%2 == 1
				if got := part.LiveOut(b.Index, Reg(r)); got != want {
					t.Errorf("b%d r%d: live-out %v, want %v", b.Index, r, got, want)
				}
			}
		}
	}
}

// TestPostorderWithoutGraph checks Func.Postorder and ReversePostorder
// against the graph algorithms on the function's graph.
func TestPostorderWithoutGraph(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := range 3000 {
		f := randomFunc(rng)
		got, want := f.Postorder(), graph.Postorder(f.Graph(), 0)
		if !slices.Equal(got, want) {
			t.Fatalf("function %d: postorder %v, want %v\n%s", i, got, want, dumpRandom(f))
		}
		var rpo []int
		for _, b := range f.ReversePostorder() {
			rpo = append(rpo, b.Index)
		}
		if want := graph.ReversePostorder(f.Graph(), 0); !slices.Equal(rpo, want) {
			t.Fatalf("function %d: reverse postorder %v, want %v\n%s", i, rpo, want, dumpRandom(f))
		}
	}
}

// TestPredIndex checks the edge correspondence with parallel edges: the
// k-th edge from b to a block is the k-th time the block lists b.
func TestPredIndex(t *testing.T) {
	b0 := &Block{Index: 0, Succs: []int{1, 2, 1}}
	b1 := &Block{Index: 1, Preds: []int{3, 0, 0}}
	b2 := &Block{Index: 2, Preds: []int{0}}
	for _, tc := range []struct {
		k    int
		succ *Block
		want int
	}{{0, b1, 1}, {2, b1, 2}, {1, b2, 0}} {
		if got := b0.PredIndex(tc.k, tc.succ); got != tc.want {
			t.Errorf("PredIndex(%d, b%d) = %d, want %d", tc.k, tc.succ.Index, got, tc.want)
		}
	}
	if got := b0.PredIndex(0, &Block{Index: 1, Preds: []int{3}}); got != -1 {
		t.Errorf("edge not listed: got %d, want -1", got)
	}
}
