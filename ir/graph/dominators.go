// This file chooses the default dominator algorithm.

package graph

// Dominators computes the dominator tree of the nodes of g reachable from
// entry with the package's default algorithm, DominatorsSNCA: semi-NCA with
// jump pointers, O(m log n) on every input and the fastest or within a few
// percent of the fastest on ordinary control-flow graphs (see doc.go and
// BenchmarkDominators).
func Dominators(g *Graph, entry int) *DomTree {
	return DominatorsSNCA(g, entry)
}
