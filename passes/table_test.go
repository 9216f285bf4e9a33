package passes

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestRules checks the ordering rules against the pass table: every
// rule names existing passes, and a rule exists wherever a pass's input
// discipline differs from the pipeline's starting discipline (RTL), so
// that Pipeline cannot produce a sequence whose passes get the wrong
// form.
func TestRules(t *testing.T) {
	for _, r := range Rules {
		if Lookup(r.Pass) == nil {
			t.Errorf("rule for unknown pass %s", r.Pass)
		}
		for _, b := range strings.Split(r.Before, "|") {
			if Lookup(b) == nil {
				t.Errorf("rule %s: unknown pass %s", r.Pass, b)
			}
		}
		if r.Why == "" {
			t.Errorf("rule %s has no reason", r.Pass)
		}
	}
	for _, p := range Table {
		if p.In == ir.RTL {
			continue
		}
		found := false
		for _, r := range Rules {
			if r.Pass != p.Name {
				continue
			}
			for _, b := range strings.Split(r.Before, "|") {
				if Lookup(b).Out == p.In {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("pass %s takes %s but no rule makes a pass producing it run first", p.Name, p.In)
		}
	}
}

func TestPipeline(t *testing.T) {
	cases := []struct{ list, want, err string }{
		{"", "", ""},
		{"mem2reg", "normalize,mem2reg", ""},
		{"mem2reg,outofssa", "normalize,mem2reg,outofssa", ""},
		{"normalize,mem2reg-braun,outofssa", "normalize,mem2reg-braun,outofssa", ""},
		{"outofssa", "", "needs mem2reg or mem2reg-braun"},
		{"frob", "", "unknown pass"},
	}
	for _, tc := range cases {
		got, err := Pipeline(tc.list)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: got error %v, want %q", tc.list, err, tc.err)
			}
			continue
		}
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
		}
		if err != nil || strings.Join(names, ",") != tc.want {
			t.Errorf("%q: got %v %v, want %s", tc.list, names, err, tc.want)
		}
	}
}

// TestManagerFallsBack checks that a rejected result is discarded, with
// both dumps, and that later passes needing its form are skipped.
func TestManagerFallsBack(t *testing.T) {
	f, err := ir.ParseFunc("func @main.f(r0 int) int {\nb0:\n    return r0\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	bad := &Pass{
		Name: "bad", In: ir.RTL, Out: ir.SSA,
		Run: func(f *ir.Func) (*ir.Func, any, error) {
			g := f.Clone()
			g.Blocks[0].Instrs[0].Args[0] = g.NewReg(g.TypeOf(0)) // use of an undefined register
			return g, nil, nil
		},
		Validate: func(before, after *ir.Func, hints any) error { return nil }, // a lenient validator
	}
	m := &Manager{Pipeline: []*Pass{bad, Lookup("outofssa")}}
	out, reports := m.Run(f)
	if out != f {
		t.Errorf("rejected result was used")
	}
	if reports[0].Outcome != Rejected || reports[0].Before == "" || reports[0].After == "" {
		t.Errorf("first pass: %v (want rejected by the IR checker, with dumps)", reports[0])
	}
	if reports[1].Outcome != Skipped {
		t.Errorf("second pass: %v, want skipped", reports[1])
	}
	crash := &Pass{Name: "crash", In: ir.RTL, Out: ir.RTL, Run: func(*ir.Func) (*ir.Func, any, error) { panic("boom") }}
	m = &Manager{Pipeline: []*Pass{crash}}
	if out, reports := m.Run(f); out != f || reports[0].Outcome != Crashed {
		t.Errorf("crashing pass: %v", reports[0])
	}
}
