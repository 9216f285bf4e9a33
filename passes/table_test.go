package passes

import (
	"errors"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// same is a pass that returns its input, with a validator that accepts.
func same(name string, in, out ir.Discipline) *Pass {
	return New(name, "test pass", in, out,
		func(f *ir.Func) (*ir.Func, struct{}, error) { return f, struct{}{}, nil },
		func(before, after *ir.Func, _ struct{}) error { return nil })
}

// newTable refuses tables whose rules do not fit their passes, the
// table it refuses named in the error.
func TestNewTableRefuses(t *testing.T) {
	a, b, c := same("a", ir.RTL, ir.RTL), same("b", ir.RTL, ir.SSA), same("c", ir.SSA, ir.RTL)
	ok := []Rule{{Pass: "c", After: []string{"b"}, Why: "c takes SSA form"}}
	if _, err := newTable([]*Pass{a, b, c}, ok); err != nil {
		t.Fatalf("a good table refused: %v", err)
	}
	cases := []struct {
		name  string
		ps    []*Pass
		rules []Rule
		want  string
	}{
		{"two passes of one name", []*Pass{a, a}, nil, "two passes named a"},
		{"a rule for no pass", []*Pass{a, b, c}, append(ok, Rule{Pass: "x", After: []string{"a"}, Why: "w"}), "unknown pass"},
		{"a rule after no pass", []*Pass{a, b, c}, append(ok, Rule{Pass: "a", After: []string{"x"}, Why: "w"}), "unknown pass"},
		{"a rule without a reason", []*Pass{a, b, c}, append(ok, Rule{Pass: "b", After: []string{"a"}}), "no reason"},
		// The alternation that once inserted nothing: an inserted pass
		// must be one pass of the rule's list.
		{"inserting an alternation", []*Pass{a, b, c}, []Rule{{Pass: "c", After: []string{"b"}, Insert: "a|b", Why: "w"}}, "not among"},
		{"inserting another pass", []*Pass{a, b, c}, []Rule{{Pass: "c", After: []string{"b"}, Insert: "a", Why: "w"}}, "not among"},
		{"insertion that chains", []*Pass{a, b, c}, []Rule{ok[0], {Pass: "b", After: []string{"c"}, Insert: "c", Why: "w"}}, "needs passes before it"},
		{"a form no rule provides", []*Pass{a, b, c}, nil, "c takes SSA form"},
		{"a form one alternative does not provide", []*Pass{a, b, c}, []Rule{{Pass: "c", After: []string{"a", "b"}, Why: "w"}}, "c takes SSA form"},
	}
	for _, tc := range cases {
		_, err := newTable(tc.ps, tc.rules)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

func TestPipeline(t *testing.T) {
	cases := []struct{ list, want, err string }{
		{"", "", ""},
		{"mem2reg", "normalize,mem2reg", ""},
		{"mem2reg,outofssa", "normalize,mem2reg,outofssa", ""},
		{"normalize,mem2reg-braun,outofssa", "normalize,mem2reg-braun,outofssa", ""},
		{"mem2reg,outofssa,mem2reg", "normalize,mem2reg,outofssa,mem2reg", ""},
		{"outofssa", "", "needs mem2reg or mem2reg-braun"},
		{"mem2reg,outofssa,outofssa", "", "outofssa takes SSA form, but the passes before it leave RTL form"},
		{"mem2reg,mem2reg", "", "mem2reg takes RTL form, but the passes before it leave SSA form"},
		{"frob", "", "unknown pass"},
		{"mem2reg,gsa,gsa-destruct,outofssa", "normalize,mem2reg,gsa,gsa-destruct,outofssa", ""},
		{"loopnorm,mem2reg,gsa,gsa-destruct,gvn", "normalize,loopnorm,mem2reg,gsa,gsa-destruct,gvn", ""},
		{"mem2reg,gsa,gvn,gsa-destruct,outofssa", "normalize,mem2reg,gsa,gvn,gsa-destruct,outofssa", ""},
		{"mem2reg,gsa,gvn,outofssa", "", "outofssa takes SSA form, but the passes before it leave GSA form"},
		{"mem2reg,gsa,gvn,checkelim,gsa-destruct,outofssa", "normalize,mem2reg,gsa,gvn,checkelim,gsa-destruct,outofssa", ""},
		{"mem2reg,gsa,gcm", "", "gcm takes SSA form, but the passes before it leave GSA form"},
		{"mem2reg,gsa,outofssa", "", "outofssa takes SSA form, but the passes before it leave GSA form"},
		{"mem2reg,gsa-destruct", "", "needs gsa"},
		{"mem2reg,loopnorm", "", "loopnorm takes RTL form"},
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

const managerSrc = `
func @main.f(r0 int) int {
b0:
    r1:int = add r0, r0
    return r1
}
`

func parseChecked(t *testing.T) *ir.Func {
	t.Helper()
	f, err := ir.ParseFunc(managerSrc)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestManagerFallsBack checks that a rejected result is discarded, with
// both dumps, that later passes needing its form are skipped, and that
// failures and crashes keep the input.
func TestManagerFallsBack(t *testing.T) {
	f := parseChecked(t)
	bad := New("bad", "test pass", ir.RTL, ir.SSA,
		func(f *ir.Func) (*ir.Func, struct{}, error) {
			g := f.Clone()
			g.Blocks[0].Instrs[0].Args()[0] = g.NewReg(g.TypeOf(0)) // use of an undefined register
			return g, struct{}{}, nil
		},
		func(before, after *ir.Func, _ struct{}) error { return nil }) // a lenient validator
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
	crash := New("crash", "test pass", ir.RTL, ir.RTL,
		func(*ir.Func) (*ir.Func, struct{}, error) { panic("boom") },
		func(before, after *ir.Func, _ struct{}) error { return nil })
	fail := New("fail", "test pass", ir.RTL, ir.RTL,
		func(*ir.Func) (*ir.Func, struct{}, error) { return nil, struct{}{}, errors.New("no") },
		func(before, after *ir.Func, _ struct{}) error { return nil })
	for _, tc := range []struct {
		p    *Pass
		want Outcome
	}{{crash, Crashed}, {fail, Failed}} {
		out, reports := (&Manager{Pipeline: []*Pass{tc.p}}).Run(f)
		if out != f || reports[0].Outcome != tc.want {
			t.Errorf("%s: %v, want %v and the input", tc.p.Name, reports[0], tc.want)
		}
	}
}

// TestManagerInputIntegrity: a pass that changes its input, in an
// instruction its result shares, in its block lists, or in place before
// returning it, is caught before its validator (here one that accepts
// anything) could accept it, and the function is given up.
func TestManagerInputIntegrity(t *testing.T) {
	clone := New("clone", "test pass", ir.RTL, ir.RTL,
		func(f *ir.Func) (*ir.Func, struct{}, error) { return f.ShallowClone(), struct{}{}, nil },
		func(before, after *ir.Func, _ struct{}) error { return nil })
	cases := []struct {
		name string
		run  func(f *ir.Func) *ir.Func
	}{
		{"writes a shared instruction", func(f *ir.Func) *ir.Func {
			g := f.ShallowClone()
			g.Blocks[0].Instrs[0].Args()[1] = 1 // shared with f
			return g
		}},
		{"replaces an instruction of the input's list", func(f *ir.Func) *ir.Func {
			g := f.ShallowClone()
			f.Blocks[0].Instrs[0] = f.Blocks[0].Instrs[0].Clone()
			return g
		}},
		{"changes its input and returns it", func(f *ir.Func) *ir.Func {
			f.Blocks[0].Instrs[0].Op = ir.OpSub
			return f
		}},
		{"changes a register type of its input", func(f *ir.Func) *ir.Func {
			f.SetType(1, f.TypeOf(0))
			return f.ShallowClone()
		}},
		{"adds a register to its input", func(f *ir.Func) *ir.Func {
			f.NewReg(f.TypeOf(0))
			return f.ShallowClone()
		}},
		{"changes its input and panics", func(f *ir.Func) *ir.Func {
			f.Blocks[0].Instrs[0].Pos = 3
			panic("after the change")
		}},
	}
	for _, tc := range cases {
		f := parseChecked(t)
		p := New("meddle", "test pass", ir.RTL, ir.RTL,
			func(f *ir.Func) (*ir.Func, struct{}, error) { return tc.run(f), struct{}{}, nil },
			func(before, after *ir.Func, _ struct{}) error { return nil })
		out, reports := (&Manager{Pipeline: []*Pass{p, Lookup("mem2reg")}}).Run(f)
		if out != nil || reports[0].Outcome != Corrupted {
			t.Errorf("%s: got %v, first report %v, want nil and corrupted", tc.name, out, reports[0])
		}
		// The same pass after one that copies its input: the change
		// shows in the first input it reaches (f itself, for a change
		// of an instruction the copy shares), whatever pass made it.
		f = parseChecked(t)
		out, reports = (&Manager{Pipeline: []*Pass{Lookup("normalize"), clone, p}}).Run(f)
		corrupted := 0
		for _, r := range reports {
			if r.Outcome == Corrupted {
				corrupted++
			}
		}
		if out != nil || corrupted != 1 {
			t.Errorf("%s, after a copy: got %v, reports %v, want nil and one corrupted", tc.name, out, reports)
		}
	}
	// A pass that leaves its input alone, returning it or a clone.
	for _, run := range []func(*ir.Func) *ir.Func{func(f *ir.Func) *ir.Func { return f }, (*ir.Func).ShallowClone} {
		f := parseChecked(t)
		p := New("polite", "test pass", ir.RTL, ir.RTL,
			func(f *ir.Func) (*ir.Func, struct{}, error) { return run(f), struct{}{}, nil },
			func(before, after *ir.Func, _ struct{}) error { return nil })
		if out, reports := (&Manager{Pipeline: []*Pass{p, p}}).Run(f); out == nil || reports[0].Outcome != Accepted || reports[1].Outcome != Accepted {
			t.Errorf("a pass that leaves its input alone: %v", reports)
		}
	}
	// A function changed after the checker's verdict on it, before Run.
	f := parseChecked(t)
	if err := ir.Check(f, ir.RTL); err != nil {
		t.Fatal(err)
	}
	f.Blocks[0].Instrs[0].Args()[0] = 1
	if out, reports := (&Manager{Pipeline: []*Pass{Lookup("normalize")}}).Run(f); out != nil || reports[0].Outcome != Corrupted {
		t.Errorf("a function changed after its verdict: %v", reports[0])
	}
}
