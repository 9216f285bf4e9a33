package bce

// plan.go chooses the hint each reported bounds check gets, over a
// whole package: check elimination confirms each hint (confirm.go) and,
// with -bce.gc, gc's check_bce confirms it too (gchint.go), all of a
// package's hints in one build.

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
)

// A proposal is one hint statement at one place before a loop, with
// the checks it is proposed for and what confirms it.
type proposal struct {
	h      *hint
	fn     *ssa.Function // the function it edits, for check elimination
	file   *ast.File
	checks []token.Pos        // the checks it is proposed for
	vssa   map[token.Pos]bool // those check elimination removes with it; nil until asked
	gc     *gcVerdict         // gc's verdict; nil until judged
}

// A choice is the hints proposed for one check, best first, and the
// one chosen: the first that check elimination confirms and gc does
// not reject.
type choice struct {
	pos      token.Pos
	cands    []*proposal
	at       int       // the chosen candidate; len(cands) for none
	rejected *proposal // the first candidate gc rejected, for the message
}

// A plan holds a package's proposals and choices.
type plan struct {
	pass      *analysis.Pass
	proposals map[planKey]*proposal
	choices   map[token.Pos]*choice
	order     []*choice
}

type planKey struct {
	at   token.Pos
	text string
}

func newPlan(pass *analysis.Pass) *plan {
	return &plan{pass: pass, proposals: map[planKey]*proposal{}, choices: map[token.Pos]*choice{}}
}

// add proposes hints for the bounds checks left in f's loops and
// chooses among them by check elimination alone.
func (p *plan) add(f *vssair.Func, left []leftCheck) {
	// A function's checks are all in its file, read once.
	file, tf, src := sourceOf(p.pass, f.SSA.Pos())
	if file == nil || vssair.CgoOutput(p.pass.Fset, file) {
		return // a hint would edit cmd/cgo's translation
	}
	var added []*choice
	for _, c := range left {
		if c.in.Op != ir.OpBoundsCheck || p.choices[c.in.Pos] != nil {
			continue
		}
		h := hintFor(p.pass.TypesInfo, file, tf, src, c.in.Pos)
		if h == nil {
			continue
		}
		ch := &choice{pos: c.in.Pos}
		for _, h := range h.candidates() {
			k := planKey{h.at, h.text()}
			pr := p.proposals[k]
			if pr == nil {
				pr = &proposal{h: h, fn: f.SSA, file: file}
				p.proposals[k] = pr
			}
			pr.checks = append(pr.checks, c.in.Pos)
			ch.cands = append(ch.cands, pr)
		}
		p.choices[c.in.Pos] = ch
		p.order = append(p.order, ch)
		added = append(added, ch)
	}
	// Confirmed once every check has its proposals: checks that share
	// one are confirmed together.
	for _, ch := range added {
		p.choose(ch, 0)
	}
}

// choose sets ch's choice to its first candidate from i on that check
// elimination confirms and gc has not rejected. A candidate that is
// gc's alternative is tried only after gc rejected one before it.
func (p *plan) choose(ch *choice, i int) {
	for ; i < len(ch.cands); i++ {
		pr := ch.cands[i]
		if pr.h.alt && ch.rejected == nil {
			continue
		}
		if pr.vssa == nil {
			pr.vssa = confirm(p.pass, pr.fn, pr.file, pr.h.edit(), pr.checks)
			if pr.vssa == nil {
				pr.vssa = map[token.Pos]bool{}
			}
		}
		if !pr.vssa[ch.pos] {
			continue
		}
		if pr.gc != nil && !pr.gc.removes(ch.pos) {
			if ch.rejected == nil {
				ch.rejected = pr
			}
			continue
		}
		break
	}
	ch.at = i
}

// chosen returns the check's hint (nil for none) and, where gc rejected
// the hint check elimination confirmed first, that proposal.
func (p *plan) chosen(pos token.Pos) (*hint, *proposal) {
	ch := p.choices[pos]
	if ch == nil {
		return nil, nil
	}
	if ch.at < len(ch.cands) {
		return ch.cands[ch.at].h, nil
	}
	return nil, ch.rejected
}

// confirmByGC has gc judge the chosen hints, all of them in one build
// of the package, and chooses again for the checks whose hint it
// rejects, until every chosen hint has been judged: a build for each
// round, at most one per candidate (two, and a third for a reslice fix
// gc rejects).
func (p *plan) confirmByGC(base gcKept) {
	for {
		var batch []*proposal
		in := map[*proposal]bool{}
		for _, ch := range p.order {
			if ch.at < len(ch.cands) {
				if pr := ch.cands[ch.at]; pr.gc == nil && !in[pr] {
					in[pr] = true
					batch = append(batch, pr)
				}
			}
		}
		if len(batch) == 0 {
			return
		}
		judge(p.pass, base, batch)
		for _, ch := range p.order {
			if ch.at < len(ch.cands) && in[ch.cands[ch.at]] {
				p.choose(ch, ch.at)
			}
		}
	}
}
