// This file benchmarks the dominator algorithms on random control-flow graphs
// and on the adversarial and structural families of families.go:
//
//	go test -run=NONE -bench=Dominators
//
// Sub-benchmarks are named BenchmarkDominators/<algorithm>/<input>/n=<size>,
// and report the actual node and edge counts of the input.

package graph

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// benchInput is one benchmark graph, built on first use and then shared by
// all algorithms.
type benchInput struct {
	name string // input family
	n    int    // nominal size
	make func() *Graph
	once sync.Once
	g    *Graph
}

func (in *benchInput) graph() *Graph {
	in.once.Do(func() { in.g = in.make() })
	return in.g
}

var benchInputs = func() []*benchInput {
	var l []*benchInput
	for _, n := range []int{100, 1000, 10000, 100000} {
		l = append(l,
			&benchInput{name: "reducible", n: n, make: func() *Graph {
				return RandomReducible(rand.New(rand.NewPCG(uint64(n), 1)), n)
			}},
			&benchInput{name: "irreducible", n: n, make: func() *Graph {
				return RandomIrreducible(rand.New(rand.NewPCG(uint64(n), 2)), n)
			}})
	}
	for _, f := range Families() {
		for _, n := range []int{1000, 4000, 16000} {
			l = append(l, &benchInput{name: f.Name, n: n, make: func() *Graph { return f.Make(f.K(n)) }})
		}
	}
	return l
}()

func benchDominators(b *testing.B, f func(*Graph, int) *DomTree, inputs []*benchInput, skip func(*benchInput) string) {
	for _, in := range inputs {
		b.Run(fmt.Sprintf("%s/n=%d", in.name, in.n), func(b *testing.B) {
			if skip != nil {
				if why := skip(in); why != "" {
					b.Skip(why)
				}
			}
			g := in.graph()
			for b.Loop() { // b.Loop excludes the setup above from the timing
				f(g, 0)
			}
			b.ReportMetric(float64(g.Len()), "nodes")
			b.ReportMetric(float64(g.NumEdges()), "edges")
		})
	}
}

// BenchmarkDominators compares CHK and semi-NCA on every input; its results
// decide the default algorithm (see doc.go).
func BenchmarkDominators(b *testing.B) {
	b.Run("CHK", func(b *testing.B) { benchDominators(b, DominatorsCHK, benchInputs, skipCHK) })
	b.Run("SNCA", func(b *testing.B) { benchDominators(b, DominatorsSNCA, benchInputs, nil) })
}

// BenchmarkSNCAPlainWalk runs semi-NCA with the thesis' one-parent-at-a-time
// NCA walk instead of jump pointers, on the inputs where the two differ most
// (sncaworst) or where the jump pointers only cost (random graphs).
func BenchmarkSNCAPlainWalk(b *testing.B) {
	var inputs []*benchInput
	for _, in := range benchInputs {
		if in.name == "sncaworst" || ((in.name == "reducible" || in.name == "irreducible") && in.n >= 10000) {
			inputs = append(inputs, in)
		}
	}
	benchDominators(b, func(g *Graph, e int) *DomTree { return snca(g, e, false) }, inputs, nil)
}

// skipCHK skips the inputs on which one CHK run takes far too long: on
// itworst(k) CHK makes k+1 passes, each with Θ(k²) intersect steps over the
// k² Y→W edges, so Θ(k⁴) in all (measured: 4.2 s at k = 200, 10.5 s at
// k = 250; k = 1000, n = 4000 would take about 256 times as long).
func skipCHK(in *benchInput) string {
	if in.name == "itworst" && in.n > 1000 {
		return "CHK is Θ(k⁴) on itworst(k): n=1000 already takes about 10 s"
	}
	return ""
}

// BenchmarkFrontiers measures Frontiers, and IDF.Compute (which SSA
// construction calls once per variable) for single-node sets at 256 evenly
// spaced nodes, on the random control-flow graphs. DF⁺ is large on the
// irreducible ones, whose random edges jump into deep loop nests.
func BenchmarkFrontiers(b *testing.B) {
	for _, in := range benchInputs {
		if (in.name != "reducible" && in.name != "irreducible") || in.n < 1000 {
			continue
		}
		g := in.graph()
		dt := Dominators(g, 0)
		b.Run(fmt.Sprintf("DF/%s/n=%d", in.name, in.n), func(b *testing.B) {
			for b.Loop() {
				dt.Frontiers(g)
			}
		})
		df := dt.Frontiers(g)
		b.Run(fmt.Sprintf("IDF/%s/n=%d", in.name, in.n), func(b *testing.B) {
			idf := NewIDF(df)
			var buf []int
			def := make([]int, 1)
			const sets = 256
			size := 0
			for b.Loop() {
				size = 0
				for i := range sets {
					def[0] = i * g.Len() / sets
					buf = idf.Compute(buf, def)
					size += len(buf)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*sets), "ns/set")
			b.ReportMetric(float64(size)/sets, "nodes/set")
		})
	}
}
