// This file is the pass table and the ordering rules between passes:
// the only list of vssa's passes (vssa -h, the package docs and
// docs/design.md are tested against it).

package passes

import (
	"fmt"
	"path"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/checkelim"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/passes/gsa"
	"github.com/vssa-go/vssa/passes/gvn"
	"github.com/vssa-go/vssa/passes/loopnorm"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/passes/outofssa"
	"github.com/vssa-go/vssa/passes/zce"
	"github.com/vssa-go/vssa/validate"
)

// Table is every pass, then the ordering rules; it is checked when the
// package is initialised (newTable), so a table that breaks a rule
// below does not build a working vssa.
var Table = mustTable(
	[]*Pass{
		New("normalize", "remove unreachable blocks, split edges into joins", ir.RTL, ir.RTL, normalize.Run, validate.Normalize),
		New("loopnorm", "give every loop one entry edge and one latch (new jump-only blocks), so that gsa makes mus of its header's phis", ir.RTL, ir.RTL, loopnorm.Run, validate.Normalize),
		New("mem2reg", "promote variables to registers, SSA form by Cytron et al.", ir.RTL, ir.SSA, mem2reg.Run, validate.Mem2Reg),
		New("mem2reg-braun", "promote variables to registers, SSA form by Braun et al.", ir.RTL, ir.SSA, mem2reg.RunBraun, validate.Mem2Reg),
		New("gvn", "global value numbering, optimistic: replace values by equal dominating ones, remove covered checks", ir.SSA, ir.SSA, gvn.Run, validate.GVN).AlsoGSA(),
		New("checkelim", "remove run-time checks whose condition holds on every path to them", ir.SSA, ir.SSA, checkelim.Run, validate.CheckElim).AlsoGSA(),
		New("zce", "remove divchecks that a divcheck of the same register strictly dominates, the Sea of Nodes algorithm of paper 004 §4.3", ir.SSA, ir.SSA, zce.Run, validate.ZCE),
		New("gsa", "gated SSA: phis become gammas gated by path predicates and mus at loop headers, loop values leave through etas", ir.SSA, ir.GSA, gsa.Run, validate.GSA),
		New("gsa-destruct", "gated SSA back to SSA: gammas and mus become phis, etas copies", ir.GSA, ir.SSA, gsa.Destruct, validate.GSADestruct),
		New("gcm", "global code motion: each data node of the Sea of Nodes graph to the block of least loop depth between schedule early and late", ir.SSA, ir.SSA, gcm.Run, validate.GCM),
		New("outofssa", "replace phis by copies on incoming edges", ir.SSA, ir.RTL, outofssa.Run, validate.OutOfSSA),
	},
	[]Rule{
		{Pass: "loopnorm", After: []string{"normalize"}, Insert: "normalize", Why: "loopnorm redirects edges into headers, which leave jumps only in a normalised CFG, and keeps it normalised"},
		{Pass: "mem2reg", After: []string{"normalize", "loopnorm"}, Insert: "normalize", Why: "SSA form needs a normalised CFG (edges into joins leave jumps)"},
		{Pass: "mem2reg-braun", After: []string{"normalize", "loopnorm"}, Insert: "normalize", Why: "SSA form needs a normalised CFG (edges into joins leave jumps)"},
		{Pass: "gvn", After: []string{"mem2reg", "mem2reg-braun"}, Why: "gvn takes SSA form"},
		{Pass: "checkelim", After: []string{"mem2reg", "mem2reg-braun"}, Why: "checkelim takes SSA form"},
		{Pass: "zce", After: []string{"mem2reg", "mem2reg-braun"}, Why: "zce takes SSA form (its divisors are registers, the same value wherever a check of one dominates)"},
		{Pass: "gcm", After: []string{"mem2reg", "mem2reg-braun"}, Why: "gcm takes SSA form"},
		{Pass: "outofssa", After: []string{"mem2reg", "mem2reg-braun"}, Why: "outofssa takes SSA form"},
		{Pass: "gsa", After: []string{"mem2reg", "mem2reg-braun"}, Why: "gsa takes SSA form (normalised: predicates read the conditions of the branches into the join's predecessors)"},
		{Pass: "gsa-destruct", After: []string{"gsa"}, Why: "gsa-destruct takes GSA form, which only gsa gives; of the other passes only gvn (which reads gates: gated value numbering) and checkelim (which reads gammas as phis) take it, so GSA must be destroyed before the rest"},
	},
)

// Pass is one transformation and its validator, as the manager runs
// them. New makes one.
type Pass struct {
	Name      string
	Doc       string
	In, Out   ir.Discipline // the form the pass takes and the one it gives
	Validator string        // the validator's name, as "validate.Mem2Reg"
	// GSA: the pass takes GSA form too (it reads gates), and then
	// gives GSA form back.
	GSA bool

	// apply runs the pass on f, and returns its result and the check of
	// that result by the pass's validator (which has the hints).
	apply func(f *ir.Func) (out *ir.Func, validate func() error, err error)
}

// New returns the pass name, whose run gives a result of f with hints of
// type H, and whose validator decides from the hints whether a result
// is a correct transformation of its input. The compiler checks that the
// two agree on the hints: the manager never sees them.
func New[H any](name, doc string, in, out ir.Discipline, run func(f *ir.Func) (*ir.Func, H, error), validator func(before, after *ir.Func, hints H) error) *Pass {
	return &Pass{Name: name, Doc: doc, In: in, Out: out, Validator: funcName(validator), apply: func(f *ir.Func) (*ir.Func, func() error, error) {
		g, h, err := run(f)
		if err != nil {
			return nil, nil, err
		}
		return g, func() error { return validator(f, g, h) }, nil
	}}
}

// AlsoGSA marks p as taking GSA form too, giving it back.
func (p *Pass) AlsoGSA() *Pass {
	p.GSA = true
	return p
}

// Takes reports whether p takes form, and which form it then gives.
func (p *Pass) Takes(form ir.Discipline) (out ir.Discipline, ok bool) {
	switch {
	case form == p.In:
		return p.Out, true
	case p.GSA && form == ir.GSA:
		return ir.GSA, true
	}
	return form, false
}

// funcName is the name of the function fn as its package and name
// ("validate.Mem2Reg").
func funcName(fn any) string {
	name := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	return path.Base(name)
}

// Rule says which passes must run before a pass, and why.
type Rule struct {
	Pass  string   // the pass the rule is about
	After []string // one of these must have run before it
	// Insert is run before Pass when none of After has: one of After.
	// Empty: such a pass list is refused.
	Insert string
	Why    string
}

// PassTable is the list of passes and the rules between them.
type PassTable struct {
	Passes []*Pass
	Rules  []Rule
}

// newTable checks that passes and rules agree: names are unique and the
// rules name passes of the table, with a reason; an inserted pass is one
// of the rule's After and needs no pass before it itself (so insertion
// never chains); and every pass that takes another form
// than RTL (the bridge's) has a rule making a pass that produces that
// form run first, whichever of After runs.
func newTable(ps []*Pass, rules []Rule) (*PassTable, error) {
	t := &PassTable{Passes: ps, Rules: rules}
	for i, p := range ps {
		if p == nil || p.Name == "" || p.apply == nil {
			return nil, fmt.Errorf("pass %d has no name or no run", i)
		}
		if slices.ContainsFunc(ps[:i], func(q *Pass) bool { return q.Name == p.Name }) {
			return nil, fmt.Errorf("two passes named %s", p.Name)
		}
	}
	for _, r := range rules {
		if t.lookup(r.Pass) == nil {
			return nil, fmt.Errorf("a rule for the unknown pass %q", r.Pass)
		}
		if r.Why == "" || len(r.After) == 0 {
			return nil, fmt.Errorf("the rule for %s names no pass to run before it or gives no reason", r.Pass)
		}
		for _, a := range r.After {
			if t.lookup(a) == nil {
				return nil, fmt.Errorf("the rule for %s names the unknown pass %q", r.Pass, a)
			}
		}
		if r.Insert == "" {
			continue
		}
		if !slices.Contains(r.After, r.Insert) {
			return nil, fmt.Errorf("the rule for %s inserts %s, which is not among %s", r.Pass, r.Insert, strings.Join(r.After, ", "))
		}
		if len(t.rulesFor(r.Insert)) > 0 {
			return nil, fmt.Errorf("the rule for %s inserts %s, which needs passes before it itself", r.Pass, r.Insert)
		}
	}
	for _, p := range ps {
		if p.In == ir.RTL {
			continue
		}
		provided := false
		for _, r := range t.rulesFor(p.Name) {
			all := true
			for _, a := range r.After {
				all = all && t.lookup(a).Out == p.In
			}
			provided = provided || all
		}
		if !provided {
			return nil, fmt.Errorf("%s takes %s form, but no rule makes a pass giving it run first", p.Name, p.In)
		}
	}
	return t, nil
}

func mustTable(ps []*Pass, rules []Rule) *PassTable {
	t, err := newTable(ps, rules)
	if err != nil {
		panic("passes: " + err.Error())
	}
	return t
}

func (t *PassTable) lookup(name string) *Pass {
	for _, p := range t.Passes {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func (t *PassTable) rulesFor(name string) []Rule {
	var out []Rule
	for _, r := range t.Rules {
		if r.Pass == name {
			out = append(out, r)
		}
	}
	return out
}

// Lookup returns the pass named name, or nil.
func Lookup(name string) *Pass { return Table.lookup(name) }

// Names lists the passes' names, in the table's order.
func Names() []string { return Table.names() }

func (t *PassTable) names() []string {
	var ns []string
	for _, p := range t.Passes {
		ns = append(ns, p.Name)
	}
	return ns
}

// Pipeline parses a comma-separated pass list, inserting the passes the
// rules insert and refusing a list that breaks a rule or gives a pass a
// form it does not take (passes start from RTL form).
func Pipeline(list string) ([]*Pass, error) { return Table.Pipeline(list) }

// Pipeline is the package's Pipeline, with t's passes and rules.
func (t *PassTable) Pipeline(list string) ([]*Pass, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []*Pass
	ran := map[string]bool{}
	form := ir.RTL
	add := func(p *Pass) error {
		next, ok := p.Takes(form)
		if !ok {
			return fmt.Errorf("pass %s takes %s form, but the passes before it leave %s form", p.Name, p.In, form)
		}
		out = append(out, p)
		ran[p.Name], form = true, next
		return nil
	}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		p := t.lookup(name)
		if p == nil {
			return nil, fmt.Errorf("unknown pass %q (passes: %s)", name, strings.Join(t.names(), ", "))
		}
		for _, r := range t.rulesFor(name) {
			if slices.ContainsFunc(r.After, func(a string) bool { return ran[a] }) {
				continue
			}
			if r.Insert == "" {
				return nil, fmt.Errorf("pass %s needs %s before it: %s", name, strings.Join(r.After, " or "), r.Why)
			}
			if err := add(t.lookup(r.Insert)); err != nil {
				return nil, err
			}
		}
		if err := add(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}
