// This file draws a Sea of Nodes graph as SVG for vssa view, with a
// layered layout of its own (Sugiyama's steps, simplified): cycles
// broken by a depth-first search, layers by longest path, orders by
// barycenter sweeps, straight placement. It needs no Graphviz on the
// machine and no library, and a few thousand nodes lay out in
// milliseconds; long edges cross nodes, which a reader follows by
// highlighting a value.

package main

import (
	"fmt"
	"html"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// Sizes of the drawing, in pixels.
const (
	graphNodeHeight = 18
	graphLayerGap   = 34 // between the bottom of a layer and the top of the next
	graphNodeGap    = 12
	graphCharWidth  = 6.6 // of the 11px monospace labels
	graphMargin     = 10
)

// A graphEdge goes from a node (a definition, a control) to a node that
// takes it as an input.
type graphEdge struct {
	from, to son.ID
	kind     string // "data", "ctl" or "anchor": the CSS class
	back     bool   // reversed for layering (a loop's back edge)
}

// graphEdges lists the inputs of every node of g as edges.
func graphEdges(g *son.Graph) []graphEdge {
	var edges []graphEdge
	for i := range g.Nodes {
		n := son.ID(i)
		nd := g.Node(n)
		for _, p := range nd.Preds {
			if p != son.None {
				edges = append(edges, graphEdge{from: p, to: n, kind: "ctl"})
			}
		}
		if nd.Ctl != son.None {
			kind := "ctl"
			if nd.Kind == son.Data {
				kind = "anchor"
			}
			edges = append(edges, graphEdge{from: nd.Ctl, to: n, kind: kind})
		}
		for _, a := range nd.Args {
			if a != son.None {
				edges = append(edges, graphEdge{from: a, to: n, kind: "data"})
			}
		}
	}
	return edges
}

// graphLayout is where each node is drawn.
type graphLayout struct {
	layer  []int
	x      []float64 // left edge
	width  []float64
	w, h   float64
	layers [][]son.ID
}

// layoutGraph places the nodes of g, whose edges are edges (their back
// flags are set here).
func layoutGraph(g *son.Graph, edges []graphEdge, labels []string) *graphLayout {
	n := len(g.Nodes)
	out := make([][]int, n) // indices into edges, by source
	for i, e := range edges {
		out[e.from] = append(out[e.from], i)
	}
	// Break cycles: an edge to a node on the depth-first stack is a back
	// edge; the reverse postorder of the rest is a topological order.
	// The search starts at the nodes in order, the entry region first.
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]uint8, n)
	post := make([]son.ID, 0, n)
	type frame struct {
		node son.ID
		next int
	}
	for root := range n {
		if state[root] != unseen {
			continue
		}
		stack := []frame{{son.ID(root), 0}}
		state[root] = onStack
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(out[top.node]) {
				state[top.node] = done
				post = append(post, top.node)
				stack = stack[:len(stack)-1]
				continue
			}
			ei := out[top.node][top.next]
			top.next++
			switch to := edges[ei].to; state[to] {
			case onStack:
				edges[ei].back = true
			case unseen:
				state[to] = onStack
				stack = append(stack, frame{to, 0})
			}
		}
	}
	// Layers: the longest path from a source, then each source moved
	// down to just above its first user, so that constants sit next to
	// what reads them.
	l := &graphLayout{layer: make([]int, n), x: make([]float64, n), width: make([]float64, n)}
	in := make([][]son.ID, n)   // forward predecessors
	outs := make([][]son.ID, n) // forward successors
	for _, e := range edges {
		if !e.back && e.from != e.to {
			in[e.to] = append(in[e.to], e.from)
			outs[e.from] = append(outs[e.from], e.to)
		}
	}
	for i := len(post) - 1; i >= 0; i-- {
		v := post[i]
		for _, p := range in[v] {
			l.layer[v] = max(l.layer[v], l.layer[p]+1)
		}
	}
	for _, v := range post { // users first
		if len(in[v]) == 0 && len(outs[v]) > 0 {
			first := -1
			for _, s := range outs[v] {
				if first < 0 || l.layer[s] < first {
					first = l.layer[s]
				}
			}
			l.layer[v] = first - 1
		}
	}
	depth := 0
	for _, d := range l.layer {
		depth = max(depth, d+1)
	}
	l.layers = make([][]son.ID, depth)
	for v := range n {
		l.layers[l.layer[v]] = append(l.layers[l.layer[v]], son.ID(v))
	}
	// Orders: barycenters of the neighbours' relative positions in
	// their layers, down then up, a few times.
	pos := make([]float64, n)
	setPos := func(layer []son.ID) {
		for i, v := range layer {
			pos[v] = (float64(i) + 0.5) / float64(len(layer))
		}
	}
	for _, layer := range l.layers {
		setPos(layer)
	}
	sweep := func(layer []son.ID, nbrs [][]son.ID) {
		key := make(map[son.ID]float64, len(layer))
		for _, v := range layer {
			key[v] = pos[v]
			if len(nbrs[v]) > 0 {
				sum := 0.0
				for _, u := range nbrs[v] {
					sum += pos[u]
				}
				key[v] = sum / float64(len(nbrs[v]))
			}
		}
		sort.SliceStable(layer, func(i, j int) bool { return key[layer[i]] < key[layer[j]] })
		setPos(layer)
	}
	for range 4 {
		for _, layer := range l.layers[1:] {
			sweep(layer, in)
		}
		for i := len(l.layers) - 2; i >= 0; i-- {
			sweep(l.layers[i], outs)
		}
	}
	// Placement: each layer packed and centred on the widest.
	for v := range n {
		l.width[v] = float64(len(labels[v]))*graphCharWidth + 10
	}
	widths := make([]float64, len(l.layers))
	for i, layer := range l.layers {
		for _, v := range layer {
			widths[i] += l.width[v] + graphNodeGap
		}
		l.w = max(l.w, widths[i])
	}
	for i, layer := range l.layers {
		x := graphMargin + (l.w-widths[i])/2
		for _, v := range layer {
			l.x[v] = x
			x += l.width[v] + graphNodeGap
		}
	}
	l.w += 2 * graphMargin
	l.h = 2*graphMargin + float64(len(l.layers))*(graphNodeHeight+graphLayerGap)
	return l
}

// graphLabel is the short text of a node drawn in the graph.
func graphLabel(g *son.Graph, n son.ID) string {
	nd := g.Node(n)
	switch nd.Kind {
	case son.Region:
		return fmt.Sprintf("b%d", nd.Block)
	case son.Param:
		return nd.Reg.String() + " param"
	case son.Proj:
		return [...]string{"then", "else"}[nd.Index]
	}
	s := nd.Instr.Op.String()
	if d := nd.Instr.Dsts(); len(d) > 0 {
		s = d[0].String() + " " + s
	}
	return s
}

// graphSVG draws g.
func graphSVG(g *son.Graph) string {
	edges := graphEdges(g)
	labels := make([]string, len(g.Nodes))
	for i := range g.Nodes {
		labels[i] = graphLabel(g, son.ID(i))
	}
	l := layoutGraph(g, edges, labels)
	top := func(v son.ID) float64 {
		return graphMargin + float64(l.layer[v])*(graphNodeHeight+graphLayerGap)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "<svg id=\"son\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n", l.w, l.h, l.w, l.h)
	// The edges of a kind are one path: a few elements where one per
	// edge made thousands for the browser to lay out and paint.
	paths := map[string]*strings.Builder{}
	var kinds []string
	for _, e := range edges {
		x1, y1 := l.x[e.from]+l.width[e.from]/2, top(e.from)+graphNodeHeight
		x2, y2 := l.x[e.to]+l.width[e.to]/2, top(e.to)
		cls := e.kind
		if e.back || y2 <= y1 {
			cls += " back"
		}
		p := paths[cls]
		if p == nil {
			p = &strings.Builder{}
			paths[cls] = p
			kinds = append(kinds, cls)
		}
		dy := max((y2-y1)/2, graphLayerGap)
		fmt.Fprintf(p, "M%.1f %.1fC%.1f %.1f %.1f %.1f %.1f %.1f", x1, y1, x1, y1+dy, x2, y2-dy, x2, y2)
	}
	sb.WriteString("<g class=\"edges\">\n")
	for _, cls := range kinds {
		fmt.Fprintf(&sb, "<path class=\"%s\" d=\"%s\"/>\n", cls, paths[cls].String())
	}
	sb.WriteString("</g>\n<g class=\"nodes\">\n")
	for i := range g.Nodes {
		v := son.ID(i)
		nd := g.Node(v)
		cls := "node " + nd.Kind.String()
		title := g.String(v)
		if nd.Instr != nil {
			home := nd.Home
			if home < 0 {
				home = nd.Block
			}
			var b *ir.Block // a terminator's successors are its block's
			if nd.Block >= 0 {
				b = g.Func.Blocks[nd.Block]
			}
			title = fmt.Sprintf("n%d %s: %s (from b%d)", v, nd.Kind, ir.FormatInstr(g.Func, b, nd.Instr), home)
			if d := nd.Instr.Dsts(); len(d) > 0 {
				cls += " v " + d[0].String()
			}
		}
		if nd.Kind == son.Region {
			cls += fmt.Sprintf(" blk b%d", nd.Block)
		}
		if nd.Kind == son.Param {
			cls += " v " + nd.Reg.String()
		}
		fmt.Fprintf(&sb, "<g class=\"%s\" transform=\"translate(%.1f %.1f)\"><title>%s</title><rect width=\"%.1f\" height=\"%d\" rx=\"4\"/><text x=\"5\" y=\"13\">%s</text></g>\n",
			cls, l.x[v], top(v), html.EscapeString(title), l.width[v], graphNodeHeight, html.EscapeString(labels[v]))
	}
	sb.WriteString("</g>\n</svg>\n")
	return sb.String()
}
