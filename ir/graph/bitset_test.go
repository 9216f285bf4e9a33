// This file tests Bitset against a []bool model.

package graph

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestBitset(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 63, 64, 65, 130, 1000} {
		a, b := NewBitset(n), NewBitset(n)
		ma, mb := make([]bool, n), make([]bool, n)
		for range 3 * n {
			i := r.IntN(n)
			switch r.IntN(4) {
			case 0, 1:
				if a.TestAndAdd(i) == ma[i] {
					t.Fatalf("TestAndAdd(%d)", i)
				}
				ma[i] = true
			case 2:
				a.Remove(i)
				ma[i] = false
			case 3:
				b.Add(i)
				mb[i] = true
			}
		}
		model := func(m []bool) []int {
			var l []int
			for i, ok := range m {
				if ok {
					l = append(l, i)
				}
			}
			return l
		}
		elems := func(s Bitset) []int {
			var l []int
			s.ForEach(func(i int) { l = append(l, i) })
			return l
		}
		if got := elems(a); !slices.Equal(got, model(ma)) || a.Count() != len(got) || a.IsEmpty() != (len(got) == 0) {
			t.Fatalf("n=%d: elements %v, want %v", n, got, model(ma))
		}
		var viaNext []int
		for i := a.Next(0); i >= 0; i = a.Next(i + 1) {
			viaNext = append(viaNext, i)
		}
		if !slices.Equal(viaNext, a.AppendTo(nil)) || !slices.Equal(viaNext, elems(a)) {
			t.Fatalf("n=%d: Next/AppendTo disagree with ForEach", n)
		}
		for i := range n {
			if a.Has(i) != ma[i] {
				t.Fatalf("Has(%d)", i)
			}
		}
		op := func(name string, f func(s, o Bitset) bool, m func(x, y bool) bool) {
			s := a.Copy()
			changed := f(s, b)
			want := make([]bool, n)
			for i := range n {
				want[i] = m(ma[i], mb[i])
			}
			if !slices.Equal(elems(s), model(want)) || changed != !slices.Equal(want, ma) {
				t.Fatalf("n=%d: %s wrong (changed %v)", n, name, changed)
			}
		}
		op("UnionWith", Bitset.UnionWith, func(x, y bool) bool { return x || y })
		op("IntersectWith", Bitset.IntersectWith, func(x, y bool) bool { return x && y })
		op("DifferenceWith", Bitset.DifferenceWith, func(x, y bool) bool { return x && !y })
		c := NewBitset(n)
		c.CopyFrom(b)
		if !c.Equal(b) {
			t.Fatal("CopyFrom/Equal")
		}
		d := NewBitset(n)
		changed := d.UnionWithDifference(a, b)
		want := make([]bool, n)
		for i := range n {
			want[i] = ma[i] && !mb[i]
		}
		if !slices.Equal(elems(d), model(want)) || changed != (len(model(want)) > 0) {
			t.Fatal("UnionWithDifference")
		}
		if d.UnionWithDifference(a, b) {
			t.Fatal("UnionWithDifference reports a change at a fixpoint")
		}
		d.Clear()
		if !d.IsEmpty() || d.Next(0) != -1 {
			t.Fatal("Clear")
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on length mismatch")
		}
	}()
	NewBitset(64).UnionWith(NewBitset(65))
}
