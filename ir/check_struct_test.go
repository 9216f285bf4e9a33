package ir

import (
	"strings"
	"testing"
)

const goodFunc = `
func @main.f(r0 bool, r1 int) int {
b0:
    if r0, b1, b2
b1: <- b0
    r2:int = add r1, r1
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r3:int = phi r2, r1
    return r3
}
`

// TestCheckStructural covers the rules that the text format cannot
// violate (the parser builds dense blocks, successor lists from
// terminators, and checks arities): each case mutates a well-formed
// function and expects the rule, with a message naming the function, the
// block and the rule.
func TestCheckStructural(t *testing.T) {
	cases := []struct {
		name   string
		rule   string
		where  string // substring the message must contain
		mutate func(f *Func)
	}{
		{"block index", RuleBlockIndex, "b2", func(f *Func) { f.Blocks[2].Index = 7 }},
		{"nil block", RuleBlockIndex, "b1", func(f *Func) { f.Blocks[1] = nil }},
		{"too many successors", RuleSuccs, "b1", func(f *Func) { f.Blocks[1].Succs = append(f.Blocks[1].Succs, 2) }},
		{"successor out of range", RuleSuccs, "b2", func(f *Func) { f.Blocks[2].Succs[0] = 9 }},
		{"predecessor out of range", RulePreds, "b3", func(f *Func) { f.Blocks[3].Preds[1] = -4 }},
		{"missing predecessor", RulePreds, "b3", func(f *Func) { f.Blocks[3].Preds = f.Blocks[3].Preds[:1] }},
		{"entry with predecessor", RulePreds, "b0", func(f *Func) {
			f.Blocks[2].Succs[0] = 0
			f.Blocks[0].Preds = []int{2}
			f.Blocks[3].Preds = []int{1}
			f.Blocks[3].Phis = nil
		}},
		{"terminator in the middle", RuleTerminator, "jump", func(f *Func) {
			b := f.Blocks[1]
			b.Instrs = []*Instr{b.Instrs[1], b.Instrs[0], b.Instrs[1]}
		}},
		{"phi among instructions", RuleTerminator, "phi", func(f *Func) {
			b := f.Blocks[3]
			b.Instrs = append([]*Instr{b.Phis[0]}, b.Instrs...)
			b.Phis = nil
		}},
		{"non-phi in phis", RuleTerminator, "b1", func(f *Func) { f.Blocks[1].Phis = []*Instr{f.Blocks[1].Instrs[0]} }},
		{"too many results", RuleArity, "add", func(f *Func) {
			in := f.Blocks[1].Instrs[0]
			in.SetDsts(append(in.Dsts(), 2))
		}},
		{"result written twice", RuleRegister, "r2", func(f *Func) {
			f.Blocks[1].Instrs[0] = NewInstr(OpNext, 0, []Reg{2, 1, 2}, []Reg{1})
		}},
		{"too few operands", RuleArity, "add", func(f *Func) {
			in := f.Blocks[1].Instrs[0]
			in.SetArgs(in.Args()[:1])
		}},
		{"call without callee", RuleArity, "call", func(f *Func) {
			f.Blocks[1].Instrs[0] = &Instr{Op: OpCall, CallMode: CallClosure}
		}},
		{"register out of range", RuleRegister, "r99", func(f *Func) { f.Blocks[1].Instrs[0].Args()[0] = 99 }},
		{"absent operand", RuleRegister, "_", func(f *Func) { f.Blocks[1].Instrs[0].Args()[1] = NoReg }},
		{"untyped register", RuleRegister, "r2", func(f *Func) { f.SetType(2, nil) }},
		{"recover out of range", RuleRecover, "b5", func(f *Func) { f.Recover = 5 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFunc(goodFunc)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(f, SSA); err != nil {
				t.Fatalf("unmutated function rejected: %v", err)
			}
			tc.mutate(f)
			err = Check(f, SSA)
			if err == nil {
				t.Fatalf("mutated function accepted")
			}
			found := false
			for _, e := range err.(CheckErrors) {
				if e.Rule == tc.rule {
					found = true
					msg := e.Error()
					if !strings.Contains(msg, "main.f") || !strings.Contains(msg, "["+tc.rule+"]") || !strings.Contains(msg, tc.where) {
						t.Errorf("message %q should name the function, %q and the rule", msg, tc.where)
					}
				}
			}
			if !found {
				t.Errorf("got %v, want an error of rule %s", err, tc.rule)
			}
		})
	}
}

// TestCheckBothDisciplines checks that a correct RTL function that
// redefines registers is accepted as RTL and rejected as SSA, and that an
// SSA function with phis is accepted as SSA and rejected as RTL.
func TestCheckBothDisciplines(t *testing.T) {
	rtl, err := ParseFunc(`
func @main.count(r0 int) int {
b0:
    r1:int = const 0
    jump b1
b1: <- b0, b2
    r2:bool = lt r1, r0
    if r2, b2, b3
b2: <- b1
    r3:int = const 1
    r1:int = add r1, r3
    jump b1
b3: <- b1
    return r1
}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(rtl, RTL); err != nil {
		t.Errorf("RTL function rejected as RTL: %v", err)
	}
	if err := Check(rtl, SSA); err == nil {
		t.Errorf("RTL function with two definitions of r1 accepted as SSA")
	}
	ssa, err := ParseFunc(goodFunc)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(ssa, SSA); err != nil {
		t.Errorf("SSA function rejected as SSA: %v", err)
	}
	if err := Check(ssa, RTL); err == nil {
		t.Errorf("SSA function with a phi accepted as RTL")
	}
}

// TestCheckStructure checks that CheckStructure applies every rule but
// types: here it must report the strictness violation and not the type
// error, which Check reports too.
func TestCheckStructure(t *testing.T) {
	f, err := ParseFunc(`
func @main.f(r0 int, r1 string) int {
b0:
    r2:int = add r0, r3
    r3:int = add r0, r1
    return r2
}`)
	if err != nil {
		t.Fatal(err)
	}
	rules := func(err error) map[string]bool {
		m := map[string]bool{}
		if err != nil {
			for _, e := range err.(CheckErrors) {
				m[e.Rule] = true
			}
		}
		return m
	}
	if got := rules(CheckStructure(f, SSA)); !got[RuleStrict] || got[RuleTypes] {
		t.Errorf("CheckStructure: rules %v, want strict and not types", got)
	}
	if got := rules(Check(f, SSA)); !got[RuleStrict] || !got[RuleTypes] {
		t.Errorf("Check: rules %v, want strict and types", got)
	}
}
