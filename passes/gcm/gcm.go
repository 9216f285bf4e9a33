// This file places the data nodes (schedule early, late, best block)
// and schedules the graph back.

package gcm

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/ir/son"
)

// Run moves every data node of f, in SSA form, to its best block. The
// result shares f's instructions; it is f itself when nothing moves.
func Run(f *ir.Func) (*ir.Func, struct{}, error) { return run(f, nil) }

// Bounded returns Run for code compiled to machine registers (vssa
// compile): a node moves only out of loops, never down into a branch
// of its own loop (which saves no work in the loop and changes the
// order the register allocator sees), and out of a loop only while the
// values live across it fit in b's registers (pressure.go). Constants
// are not counted: the backend makes them where they are used.
func Bounded(b Bound) func(f *ir.Func) (*ir.Func, struct{}, error) {
	return func(f *ir.Func) (*ir.Func, struct{}, error) { return run(f, &b) }
}

func run(f *ir.Func, bound *Bound) (*ir.Func, struct{}, error) {
	g, err := son.Build(f)
	if err != nil {
		return nil, struct{}{}, err
	}
	early, err := g.Early()
	if err != nil {
		return nil, struct{}{}, err
	}
	dom := f.CFG().Dom
	depth := graph.LoopDepths(f.CFG().Graph, dom)
	place := g.Original()
	moved := false
	order := topoOrder(g)
	uses := usesOf(g)
	var p *pressure
	if bound != nil {
		p = newPressure(f, *bound)
	}
	var side []bool // the blocks the recover block reaches, if any
	if f.Recover > 0 {
		side = f.RecoverReach()
	}
	// Consumers before their inputs: a data node's late block is the
	// common ancestor of where its uses are placed.
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		late := -1
		for _, u := range uses[n] {
			b := u.block
			if u.data {
				b = place[u.node]
			}
			late = lca(dom, late, b)
		}
		if late < 0 {
			// No use: as late as where it is. (Early may be in a loop
			// the node is not, as a loop header dominates the exit.)
			late = place[n]
		}
		top := early[n]
		if side != nil {
			top, late = sameSide(dom, side, g.Node(n).Home, top, late)
		}
		var best int
		if p == nil {
			best = late
			for b := late; b != top && b >= 0; {
				b = dom.Idom(b)
				if b >= 0 && depth[b] < depth[best] {
					best = b
				}
			}
		} else {
			best = p.place(g, n, top, late, dom, depth)
		}
		if best != place[n] {
			place[n], moved = best, true
		}
	}
	if !moved {
		return f, struct{}{}, nil
	}
	out, err := keepOrder(g, f, place, order)
	return out, struct{}{}, err
}

// use is where a data node is read: by a data node (placed where that
// one is), or in a block (an effect or control there, or a phi's
// argument at the end of its predecessor).
type use struct {
	node  son.ID
	data  bool
	block int
}

func usesOf(g *son.Graph) map[son.ID][]use {
	uses := make(map[son.ID][]use)
	for i := range g.Nodes {
		nd := &g.Nodes[i]
		for k, a := range nd.Args {
			if a == son.None || g.Nodes[a].Kind != son.Data {
				continue
			}
			switch nd.Kind {
			case son.Data:
				uses[a] = append(uses[a], use{node: son.ID(i), data: true})
			case son.Phi:
				pred := g.Nodes[g.Nodes[nd.Ctl].Preds[k]].Block
				uses[a] = append(uses[a], use{block: pred})
			default:
				uses[a] = append(uses[a], use{block: nd.Block})
			}
		}
	}
	return uses
}

// topoOrder lists the data nodes, each after its data inputs.
func topoOrder(g *son.Graph) []son.ID {
	seen := make([]bool, len(g.Nodes))
	var order []son.ID
	var visit func(n son.ID)
	visit = func(n son.ID) {
		if n == son.None || seen[n] || g.Nodes[n].Kind != son.Data {
			return
		}
		seen[n] = true
		for _, a := range g.Nodes[n].Args {
			visit(a)
		}
		order = append(order, n)
	}
	for i := range g.Nodes {
		visit(son.ID(i))
	}
	return order
}

// lca returns the lowest common ancestor of blocks a and b in the
// dominator tree (b if a is -1).
func lca(dom *graph.DomTree, a, b int) int {
	if a < 0 {
		return b
	}
	for a != b {
		if dom.Depth(a) > dom.Depth(b) {
			a = dom.Idom(a)
		} else {
			b = dom.Idom(b)
		}
	}
	return a
}

// Moved counts the data nodes of before that after, a gcm result of
// it, puts in a block of lesser loop depth (out of loops) and of
// greater (into them: never, by construction), for measurements.
func Moved(before, after *ir.Func) (out, in int) {
	up, down := movedBy(before, after)
	return len(up), len(down)
}

// Hoisted returns the instructions of before that after puts in a block
// of lesser loop depth, in after's order: what left loops.
func Hoisted(before, after *ir.Func) []*ir.Instr {
	up, _ := movedBy(before, after)
	return up
}

// movedBy returns the instructions of before that after puts in a block
// of lesser loop depth (up) and of greater (down).
func movedBy(before, after *ir.Func) (up, down []*ir.Instr) {
	cfg := before.CFG()
	depth := graph.LoopDepths(cfg.Graph, cfg.Dom)
	home := make(map[*ir.Instr]int)
	for _, b := range before.Blocks {
		for _, x := range b.Instrs {
			home[x] = b.Index
		}
	}
	for _, b := range after.Blocks {
		for _, x := range b.Instrs {
			h, ok := home[x]
			switch {
			case !ok:
			case depth[b.Index] < depth[h]:
				up = append(up, x)
			case depth[b.Index] > depth[h]:
				down = append(down, x)
			}
		}
	}
	return up, down
}
