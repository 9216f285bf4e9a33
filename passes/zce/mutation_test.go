// This file is the mutation suite of the zce validator, on the shared
// harness (internal/mutation): the honest results on the SSA form of
// every function of the corpus, mutated in the ways below, each a set
// of removals that Definition 4.1 does not allow or a result and hints
// that disagree. Every kind should be rejected.

package zce

import (
	"fmt"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.ZCEHints, *zctx]{
		Pass:     "zce",
		Builders: []mutation.Builder[*validate.ZCEHints]{{Name: "zce", Run: Run}},
		Prepare:  ssaform.Of,
		Out:      ir.SSA,
		Validate: validate.ZCE,
		CloneHints: func(h *validate.ZCEHints) *validate.ZCEHints {
			return &validate.ZCEHints{Removed: slices.Clone(h.Removed)}
		},
		HintsString: func(h *validate.ZCEHints) string { return fmt.Sprint(h.Removed) },
		Context:     newZctx,
		Kinds:       kinds,
		MinKinds:    6,
	}
	suite.Test(t)
}

type (
	kind = mutation.Kind[*validate.ZCEHints, *zctx]
	site = mutation.Site[*validate.ZCEHints]
	at   = validate.CheckRemoval
)

// zctx is what the kinds know about one honest result: its input's
// divchecks, those removed with the check covering each, those kept,
// and the input's other checks, by block and index in the input.
type zctx struct {
	in      *ir.Func
	removed []at
	cover   map[at]at
	kept    []at
	others  []at
}

func newZctx(c *mutation.Case[*validate.ZCEHints]) *zctx {
	x := &zctx{in: c.In, removed: c.Hints.Removed, cover: map[at]at{}}
	gone := map[at]bool{}
	for _, r := range c.Hints.Removed {
		gone[r] = true
	}
	for i, b := range c.In.Blocks {
		for k, in := range b.Instrs {
			switch {
			case in.Op == ir.OpDivCheck && !gone[at{Block: i, Index: k}]:
				x.kept = append(x.kept, at{Block: i, Index: k})
			case in.Op != ir.OpDivCheck && in.Op.Has(ir.IsCheck):
				x.others = append(x.others, at{Block: i, Index: k})
			}
		}
	}
	// The covers, from the graph of the input (the honest walk's).
	if g, err := son.Build(c.In); err == nil {
		place := func(n son.ID) at {
			nd := g.Node(n)
			return at{Block: nd.Block, Index: slices.Index(c.In.Blocks[nd.Block].Instrs, nd.Instr)}
		}
		for _, cv := range son.RedundantZeroChecks(g) {
			x.cover[place(cv.Check)] = place(cv.By)
		}
	}
	return x
}

// mutant is the input without the instructions removed, and hints
// listing listed.
func (x *zctx) mutant(removed, listed []at) (*ir.Func, *validate.ZCEHints, bool) {
	g := x.in.ShallowClone()
	gone := map[at]bool{}
	for _, r := range removed {
		gone[r] = true
	}
	for i, b := range g.Blocks {
		instrs := make([]*ir.Instr, 0, len(b.Instrs))
		for k, in := range b.Instrs {
			if !gone[at{Block: i, Index: k}] {
				instrs = append(instrs, in)
			}
		}
		b.Instrs = instrs
	}
	return g, &validate.ZCEHints{Removed: slices.Clone(listed)}, true
}

// with returns the honest removals and rs.
func (x *zctx) with(rs ...at) []at { return append(slices.Clone(x.removed), rs...) }

// without returns the honest removals but r.
func (x *zctx) without(r at) []at {
	return slices.DeleteFunc(slices.Clone(x.removed), func(s at) bool { return s == r })
}

func sitesOf(list []at, what string, build func(r at) (*ir.Func, *validate.ZCEHints, bool)) []site {
	var out []site
	for _, r := range list {
		out = append(out, site{What: fmt.Sprintf("%s b%d:%d", what, r.Block, r.Index), Build: func() (*ir.Func, *validate.ZCEHints, bool) { return build(r) }})
	}
	return out
}

var kinds = []kind{
	{Name: "remove-kept", Doc: "a divcheck the pass kept (no divcheck of its register dominates it) removed and listed", Sites: func(x *zctx) []site {
		return sitesOf(x.kept, "kept", func(r at) (*ir.Func, *validate.ZCEHints, bool) { return x.mutant(x.with(r), x.with(r)) })
	}},
	{Name: "remove-cover", Doc: "a removed divcheck's cover removed too, and listed", Sites: func(x *zctx) []site {
		return sitesOf(x.removed, "cover of", func(r at) (*ir.Func, *validate.ZCEHints, bool) {
			c, ok := x.cover[r]
			if !ok || slices.Contains(x.removed, c) {
				return nil, nil, false
			}
			return x.mutant(x.with(c), x.with(c))
		})
	}},
	{Name: "swap-cover", Doc: "the cover removed instead of the divcheck it covers (which does not dominate it)", Sites: func(x *zctx) []site {
		return sitesOf(x.removed, "swap", func(r at) (*ir.Func, *validate.ZCEHints, bool) {
			c, ok := x.cover[r]
			if !ok || slices.Contains(x.removed, c) {
				return nil, nil, false
			}
			rs := append(x.without(r), c)
			return x.mutant(rs, rs)
		})
	}},
	{Name: "remove-other-check", Doc: "a check of another kind (nil, bounds, slice, shift, length) removed and listed", Sites: func(x *zctx) []site {
		return sitesOf(x.others, "check", func(r at) (*ir.Func, *validate.ZCEHints, bool) { return x.mutant(x.with(r), x.with(r)) })
	}},
	{Name: "unlisted-removal", Doc: "a kept divcheck removed from the result, not listed in the hints", Sites: func(x *zctx) []site {
		return sitesOf(x.kept, "kept", func(r at) (*ir.Func, *validate.ZCEHints, bool) { return x.mutant(x.with(r), x.removed) })
	}},
	{Name: "phantom-removal", Doc: "a removal listed that the result does not make: the hints cover a divcheck still there", Sites: func(x *zctx) []site {
		return sitesOf(x.removed, "removed", func(r at) (*ir.Func, *validate.ZCEHints, bool) { return x.mutant(x.without(r), x.removed) })
	}},
}
