// This file implements depth-first orders (postorder, reverse postorder) with an
// explicit stack, so that graphs of millions of nodes (long chains) never
// overflow the goroutine stack.

package graph

// Postorder returns the nodes reachable from entry in the postorder of a
// depth-first search from entry that visits the successors of each node in the
// order of g.Succs. Unreachable nodes are omitted; entry is last.
//
// The search is iterative (an explicit stack of node, next-successor pairs) and
// produces exactly the order of the textbook recursive search.
func Postorder(g *Graph, entry int) []int {
	num := make([]int32, g.Len())
	po32 := postorder(g, entry, num)
	po := make([]int, len(po32))
	for i, v := range po32 {
		po[i] = int(v)
	}
	return po
}

// ReversePostorder returns the reverse of Postorder(g, entry): entry first, and
// every node before its successors except along back edges.
func ReversePostorder(g *Graph, entry int) []int {
	po := Postorder(g, entry)
	for i, j := 0, len(po)-1; i < j; i, j = i+1, j-1 {
		po[i], po[j] = po[j], po[i]
	}
	return po
}

// dfsFrame is one entry of the explicit DFS stack: a node and the index of the
// next successor to examine.
type dfsFrame struct {
	node, next int32
}

// postorder is Postorder for the algorithms: it returns the postorder as int32
// node ids and sets num[v] to the postorder index of v, or -1 if v is not
// reachable. len(num) must be g.Len().
func postorder(g *Graph, entry int, num []int32) []int32 {
	const onStack = -2
	for i := range num {
		num[i] = -1
	}
	po := make([]int32, 0, len(num))
	stack := make([]dfsFrame, 1, 64)
	stack[0] = dfsFrame{int32(entry), 0}
	num[entry] = onStack
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := g.Succs[top.node]
		if int(top.next) < len(succs) {
			s := succs[top.next]
			top.next++
			if num[s] == -1 {
				num[s] = onStack
				stack = append(stack, dfsFrame{int32(s), 0})
			}
			continue
		}
		num[top.node] = int32(len(po))
		po = append(po, top.node)
		stack = stack[:len(stack)-1]
	}
	return po
}
