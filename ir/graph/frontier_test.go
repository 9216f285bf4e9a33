// This file tests dominance frontiers and iterated dominance frontiers on
// hand-written graphs (random graphs are in crosscheck_test.go).

package graph

import (
	"slices"
	"strings"
	"testing"
)

func TestFrontiersHandWritten(t *testing.T) {
	tests := []struct {
		name, nodes, edges, entry string
		df                        string // "X:Y,Z" entries; unlisted frontiers are empty
	}{
		{"diamond", "A B C D", "A>B A>C B>D C>D", "A", "B:D C:D"},
		{"loop", "A B C D", "A>B B>C C>B C>D", "A", "B:B C:B"},
		{"irreducible", "A B C D", "A>B A>C B>C C>B B>D", "A", "B:C C:B"},
		{"into-entry", "A B C", "A>B B>A B>C A>A", "A", "A:A B:A"},
		{"parallel", "A B C", "A>B A>B A>C B>C B>C", "A", "B:C"},
		// Cytron et al. 1991, figure 5 (blocks Entry, 1..12, Exit).
		{"cytron", "Entry 1 2 3 4 5 6 7 8 9 10 11 12 Exit",
			"Entry>1 Entry>Exit 1>2 2>3 2>7 3>4 3>5 4>6 5>6 6>8 7>8 8>9 9>10 9>11 10>11 11>9 11>12 12>2 12>Exit", "Entry",
			"1:Exit 2:Exit,2 3:8 4:6 5:6 6:8 7:8 8:Exit,2 9:Exit,2,9 10:11 11:Exit,2,9 12:Exit,2"},
	}
	for _, tc := range tests {
		ng := parseGraph(t, tc.nodes, tc.edges)
		want := make([][]int, len(ng.names))
		for _, e := range strings.Fields(tc.df) {
			x, ys, _ := strings.Cut(e, ":")
			for _, y := range strings.Split(ys, ",") {
				want[ng.id[x]] = append(want[ng.id[x]], ng.id[y])
			}
			slices.Sort(want[ng.id[x]])
		}
		df := Dominators(ng.g, ng.id[tc.entry]).Frontiers(ng.g)
		for x := range want {
			if !slices.Equal(df[x], want[x]) && len(df[x])+len(want[x]) > 0 {
				t.Errorf("%s: DF(%s) = %v, want %v", tc.name, ng.names[x], df[x], want[x])
			}
		}
		checkConsistent(t, tc.name, ng.g, ng.id[tc.entry])
	}
}

func TestIteratedFrontier(t *testing.T) {
	// Ladder: a definition in any arm reaches only the next join, but a
	// definition at a join propagates nowhere.
	g := Ladder(5)
	df := Dominators(g, 0).Frontiers(g)
	if got := IteratedFrontier(df, []int{1, 5}); !slices.Equal(got, []int{3, 6}) {
		t.Errorf("ladder DF+({1,5}) = %v, want [3 6]", got)
	}
	if got := IteratedFrontier(df, nil); len(got) != 0 {
		t.Errorf("DF+({}) = %v", got)
	}
	// Nested loops: a definition in the innermost body reaches every header.
	k := 6
	g = NestedLoops(k)
	df = Dominators(g, 0).Frontiers(g)
	want := []int{1, 2, 3, 4, 5, 6}
	if got := IteratedFrontier(df, []int{k + 1}); !slices.Equal(got, want) {
		t.Errorf("nested DF+(body) = %v, want %v", got, want)
	}
	// Many calls on one IDF, including with the epoch wrapping around.
	f := NewIDF(df)
	f.epoch = ^uint32(0) - 1
	for range 4 {
		if got := f.Compute(nil, []int{k + 1, k + 1}); !slices.Equal(got, want) {
			t.Fatalf("IDF.Compute near wrap-around = %v", got)
		}
	}
}
