package ir

import (
	"fmt"
	"github.com/vssa-go/vssa/ir/pred"
	"go/constant"
	"go/types"
	"reflect"
	"strings"
	"testing"
)

// fingerprintSrc has a call with a symbol, a constant, a select and a
// field, so that every attribute has a non-zero value to change.
const fingerprintSrc = `
type main.P struct{a int; b int}
declare @main.g func(int) int
func @main.f(r0 int, r1 chan int, r2 *main.P) int {
b0:
    r3:int = const 7
    r4:int = call @main.g(r3)
    r5:*int = fieldaddr r2, b
    r6:int, r7:bool, r8:int = select blocking <-r1
    jump b1
b1: <- b0
    return r4
}
`

// fingerprintMutations change one thing each in a parsed fingerprintSrc,
// named by the field they change.
var fingerprintMutations = []struct {
	field  string
	mutate func(f *Func)
}{
	{"Func.Name", func(f *Func) { f.Name = "main.h" }},
	{"Func.Params", func(f *Func) { f.Params[0] = 3 }},
	{"Func.FreeVars", func(f *Func) { f.FreeVars = []Reg{3} }},
	{"Func.Results", func(f *Func) { f.Results[0] = types.Typ[types.Bool] }},
	{"Func.Variadic", func(f *Func) { f.Variadic = true }},
	{"Func.Blocks", func(f *Func) { f.Blocks = f.Blocks[:1] }},
	{"Func.Recover", func(f *Func) { f.Recover = 1 }},
	{"Func.Pos", func(f *Func) { f.Pos = 99 }},
	{"Func.Wrapper", func(f *Func) { f.Wrapper = true }},
	{"Func.Module", func(f *Func) { f.Module = NewModule() }},
	{"Func.regs (type)", func(f *Func) { f.SetType(3, types.Typ[types.Int64]) }},
	{"Func.regs (new)", func(f *Func) { f.NewReg(types.Typ[types.Int]) }},
	{"Block.Index", func(f *Func) { f.Blocks[1].Index = 0 }},
	{"Block.Preds", func(f *Func) { f.Blocks[1].Preds[0] = 1 }},
	{"Block.Succs", func(f *Func) { f.Blocks[0].Succs[0] = 0 }},
	{"Block.Phis", func(f *Func) {
		f.Blocks[1].Phis = []*Instr{NewInstr(OpPhi, 0, []Reg{3}, []Reg{3})}
	}},
	{"Block.Instrs", func(f *Func) { f.Blocks[0].Instrs[0] = f.Blocks[0].Instrs[0].Clone() }},
	{"Instr.Op", func(f *Func) { f.Blocks[0].Instrs[1].Op = OpGo }},
	{"Instr.Flags", func(f *Func) { f.Blocks[0].Instrs[3].Flags = 0 }},
	{"Instr.CallMode", func(f *Func) { f.Blocks[0].Instrs[1].CallMode = CallBuiltin }},
	{"Instr.Field", func(f *Func) { f.Blocks[0].Instrs[2].Field = 0 }},
	{"Instr.regs (result)", func(f *Func) { f.Blocks[0].Instrs[0].Dsts()[0] = 4 }},
	{"Instr.regs (operand)", func(f *Func) { f.Blocks[0].Instrs[1].Args()[0] = 0 }},
	{"Instr.regs (order)", func(f *Func) {
		in := f.Blocks[0].Instrs[3]
		in.Dsts()[0], in.Dsts()[2] = in.Dsts()[2], in.Dsts()[0]
	}},
	{"Instr.regs (one more)", func(f *Func) {
		in := f.Blocks[0].Instrs[1]
		in.SetArgs(append(in.Args(), in.Args()[0]))
	}},
	{"Instr.nDsts", func(f *Func) { // the same registers, one result fewer
		in := f.Blocks[0].Instrs[3]
		in.SetRegs(in.Dsts()[:2], append(in.Dsts()[2:], in.Args()...))
	}},
	{"Instr.Pos", func(f *Func) { f.Blocks[0].Instrs[1].Pos = 5 }},
	{"Instr.Aux", func(f *Func) { f.Blocks[0].Instrs[1].Aux = &Aux{Sym: "main.g"} }},
	{"Aux.Const", func(f *Func) { f.Blocks[0].Instrs[0].Aux.Const = constant.MakeInt64(7) }},
	{"Aux.Sym", func(f *Func) { f.Blocks[0].Instrs[1].Aux.Sym = "main.h" }},
	{"Aux.SelectDirs", func(f *Func) { f.Blocks[0].Instrs[3].Aux.SelectDirs[0] = types.SendOnly }},
	{"Aux.Gates", func(f *Func) { f.Blocks[0].Instrs[0].Aux.Gates = []pred.Pred{pred.Literal(1, true)} }},
}

// Every change to a function changes its fingerprint, and nothing
// else does.
func TestFingerprintSeesChanges(t *testing.T) {
	for _, m := range fingerprintMutations {
		f, err := ParseFunc(fingerprintSrc)
		if err != nil {
			t.Fatal(err)
		}
		before := f.Fingerprint()
		if again := f.Fingerprint(); again != before {
			t.Fatalf("two fingerprints of an unchanged function differ")
		}
		f.Analyze() // caches are not part of it
		f.Counts()
		if f.Fingerprint() != before {
			t.Fatalf("the CFG analyses or counts changed the fingerprint")
		}
		m.mutate(f)
		if f.Fingerprint() == before {
			t.Errorf("%s: change not seen", m.field)
		}
	}
}

// Every field of the IR's types has a mutation above: a field added
// later must be covered by Fingerprint and by a case here.
func TestFingerprintCoversFields(t *testing.T) {
	covered := map[string]bool{}
	for _, m := range fingerprintMutations {
		name, _, _ := strings.Cut(m.field, " ")
		covered[name] = true
	}
	notContent := map[string]bool{"Func.counts": true, "Func.verdict": true, "Func.sig": true, "Func.cfg": true} // caches
	for _, v := range []any{Func{}, Block{}, Instr{}, Aux{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name := typ.Name() + "." + typ.Field(i).Name
			if !covered[name] && !notContent[name] {
				t.Errorf("no fingerprint mutation for %s", name)
			}
		}
	}
}

// The full check's verdict carries the fingerprint of what it accepted,
// the same as Fingerprint computes; the structural check's none; and
// neither leaves a verdict on a function it refuses.
func TestVerdictFingerprint(t *testing.T) {
	m := parseFile(t, "testdata/allkinds.vssa")
	rejected := 0
	for _, f := range m.Funcs {
		d := disciplineOf(f)
		if err := CheckStructure(f, d); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if v := f.Verdict(); v == nil || v.Discipline != d || v.Types || v.Fingerprint != 0 {
			t.Errorf("%s: CheckStructure left verdict %+v, want %v without types or fingerprint", f.Name, v, d)
		}
		if err := Check(f, d); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if v := f.Verdict(); v == nil || v.Discipline != d || !v.Types || v.Fingerprint != f.Fingerprint() {
			t.Errorf("%s: Check left verdict %+v, want %v with types and fingerprint %x", f.Name, v, d, f.Fingerprint())
		}
		f.ForgetChecks()
		if f.Verdict() != nil {
			t.Errorf("%s: verdict kept after ForgetChecks", f.Name)
		}
		other := SSA
		if d == SSA {
			other = RTL
		}
		if Check(f, other) != nil {
			rejected++
			if f.Verdict() != nil {
				t.Errorf("%s: rejected as %v, but a verdict was left", f.Name, other)
			}
		}
	}
	if rejected == 0 {
		t.Error("test: no function rejected in the other discipline")
	}
}

// A check that forgets leaves no counts or verdict, and finds what the
// check that keeps them finds.
func TestCheckForget(t *testing.T) {
	for _, file := range []string{"testdata/allkinds.vssa", "testdata/check/strict.vssa", "testdata/check/unique-def.vssa"} {
		for _, f := range parseFile(t, file).Funcs {
			for _, d := range []Discipline{RTL, SSA} {
				f.ForgetChecks()
				forgot := CheckWith(f, d, CheckOptions{Types: true, Forget: true})
				if f.Verdict() != nil || f.counts.Load() != nil {
					t.Errorf("%s %v: a check that forgets left counts or a verdict", f.Name, d)
				}
				kept := Check(f, d)
				if fmt.Sprint(forgot) != fmt.Sprint(kept) {
					t.Errorf("%s %v: forgetting, %v; keeping, %v", f.Name, d, forgot, kept)
				}
			}
		}
	}
}
