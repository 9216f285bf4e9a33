// This file chooses the default dominator algorithm.

package graph

// Dominators computes the dominator tree of the nodes of g reachable from
// entry with the package's default algorithm, DominatorsSNCA: semi-NCA with
// jump pointers, O(m log n) on every input, near-linear on every benchmark
// family, and as fast as CHK or faster on random control-flow graphs. CHK
// degrades to Θ(n²)–Θ(n⁴) time on sncaworst, idfsquad and itworst. See
// "Why semi-NCA is the default" in doc.go and BenchmarkDominators.
func Dominators(g *Graph, entry int) *DomTree {
	return DominatorsSNCA(g, entry)
}
