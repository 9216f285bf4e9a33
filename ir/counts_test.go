package ir

import (
	"go/types"
	"math/rand"
	"reflect"
	"slices"
	"testing"
)

// countsByQuery counts register r's occurrences one question at a time,
// the definition Counts computes in one pass.
func countsByQuery(f *Func, r Reg) (mentions, defs int32) {
	for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
		n := int32(len(slices.Collect(func(yield func(Reg) bool) {
			for _, v := range vs {
				if v == r && !yield(v) {
					return
				}
			}
		})))
		mentions += n
		defs += n
	}
	for _, b := range f.Blocks {
		for _, in := range slices.Concat(b.Phis, b.Instrs) {
			for _, d := range in.Dsts() {
				if d == r {
					mentions++
					defs++
				}
			}
			for _, a := range in.Args() {
				if a == r {
					mentions++
				}
			}
		}
	}
	return mentions, defs
}

func checkCounts(t *testing.T, f *Func, c *RegCounts) {
	t.Helper()
	if len(c.Mentions) != f.NumRegs() || len(c.Defs) != f.NumRegs() {
		t.Fatalf("%s: counts for %d and %d registers, want %d", f.Name, len(c.Mentions), len(c.Defs), f.NumRegs())
	}
	var multi []Reg
	for r := range f.NumRegs() {
		m, d := countsByQuery(f, Reg(r))
		if c.Mentions[r] != m || c.Defs[r] != d {
			t.Fatalf("%s: r%d: counted %d mentions, %d definitions; want %d, %d\n%s", f.Name, r, c.Mentions[r], c.Defs[r], m, d, dumpRandom(f))
		}
		if d >= 2 {
			multi = append(multi, Reg(r))
		}
	}
	if !slices.Equal(c.Multi, multi) {
		t.Fatalf("%s: registers defined twice or more: %v, want %v\n%s", f.Name, c.Multi, multi, dumpRandom(f))
	}
}

// TestCountsByQuery compares Counts with per-register counting on random
// functions (phis, parallel edges, unreachable blocks, absent operands).
func TestCountsByQuery(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for range 2000 {
		f := randomFunc(rng)
		f.Params = []Reg{0}
		if rng.Intn(4) == 0 {
			b := f.Blocks[0]
			b.Instrs = slices.Insert(b.Instrs, 0, NewInstr(OpCopy, 0, []Reg{0}, []Reg{NoReg}))
		}
		checkCounts(t, f, f.Counts())
	}
}

// TestCheckerCounts checks that the IR checker leaves the counts of a
// well-formed function (and only of one) behind, equal to Counts'.
func TestCheckerCounts(t *testing.T) {
	for _, name := range []string{"testdata/allkinds.vssa", "testdata/sample.vssa"} {
		for _, f := range parseFile(t, name).Funcs {
			d := disciplineOf(f)
			if err := CheckStructure(f, d); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			c := f.counts.Load()
			if c == nil {
				t.Fatalf("%s: checked, but no counts kept", f.Name)
			}
			checkCounts(t, f, c)
			// A copy starts without, and counts its own instructions.
			g := f.ShallowClone()
			if g.counts.Load() != nil {
				t.Fatalf("%s: ShallowClone kept the counts of the original", f.Name)
			}
			g.Blocks[0].Instrs = g.Blocks[0].Instrs[len(g.Blocks[0].Instrs)-1:]
			checkCounts(t, g, g.Counts())
			// Forgotten, the counts are made again by the next check.
			f.ForgetChecks()
			if f.counts.Load() != nil {
				t.Fatalf("%s: counts kept after ForgetChecks", f.Name)
			}
			if err := CheckStructure(f, d); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			if again := f.counts.Load(); again == nil || again == c {
				t.Fatalf("%s: checked after ForgetChecks, but not counted again", f.Name)
			} else {
				checkCounts(t, f, again)
			}
		}
	}
	f, err := ParseFunc("func @main.bad() {\nb0:\n    r0:int = copy r0\n    return\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	if CheckStructure(f, RTL) == nil {
		t.Fatal("a read of a register never written was accepted")
	}
	if f.counts.Load() != nil {
		t.Fatal("the checker kept counts of a function it rejected")
	}
}

// disciplineOf is the discipline a test function is written in: GSA
// if it has a gated instruction, SSA if it has phis, else RTL.
func disciplineOf(f *Func) Discipline {
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			if in.Op.IsGated() {
				return GSA
			}
		}
		for _, in := range b.Instrs {
			if in.Op.IsGated() {
				return GSA
			}
		}
	}
	if hasPhis(f) {
		return SSA
	}
	return RTL
}

func hasPhis(f *Func) bool {
	for _, b := range f.Blocks {
		if len(b.Phis) > 0 {
			return true
		}
	}
	return false
}

// TestShallowCloneFields makes sure ShallowClone, which lists Func's
// fields one by one (a Func is not to be copied whole), copies every
// exported field: a field added to Func and not to ShallowClone fails
// here.
func TestShallowCloneFields(t *testing.T) {
	f := parseFile(t, "testdata/allkinds.vssa").Funcs[0]
	// Give every exported field a value that is not its zero.
	f.Variadic, f.Wrapper, f.Pos, f.Recover = true, true, 7, 1
	if len(f.FreeVars) == 0 {
		f.FreeVars = []Reg{0}
	}
	if len(f.Results) == 0 {
		f.Results = []types.Type{f.TypeOf(0)}
	}
	g := f.ShallowClone()
	if g.NumRegs() != f.NumRegs() || FirstOtherType(f, g, f.NumRegs()) >= 0 {
		t.Fatal("ShallowClone changed the register types")
	}
	fv, gv := reflect.ValueOf(f).Elem(), reflect.ValueOf(g).Elem()
	for i := range fv.NumField() {
		field := fv.Type().Field(i)
		if !field.IsExported() {
			continue
		}
		if fv.Field(i).IsZero() {
			t.Fatalf("test function leaves field %s zero, so the test cannot see it copied", field.Name)
		}
		if field.Name == "Blocks" {
			for i, b := range f.Blocks {
				c := g.Blocks[i]
				if c == b || c.Index != b.Index || !slices.Equal(c.Preds, b.Preds) || !slices.Equal(c.Succs, b.Succs) ||
					!slices.Equal(c.Phis, b.Phis) || !slices.Equal(c.Instrs, b.Instrs) {
					t.Fatalf("ShallowClone's b%d is not a copy of the original's", i)
				}
			}
			continue
		}
		if !reflect.DeepEqual(fv.Field(i).Interface(), gv.Field(i).Interface()) {
			t.Fatalf("ShallowClone does not copy field %s", field.Name)
		}
	}
}

// TestShallowCloneExcept checks that the blocks named rebuilt get empty
// lists with room for the input's, that filling them leaves the input
// and the other blocks' lists alone, and that the others are copies.
func TestShallowCloneExcept(t *testing.T) {
	var f *Func
	for _, g := range parseFile(t, "testdata/allkinds.vssa").Funcs {
		if g.Name == "main.maps" {
			f = g
		}
	}
	if f == nil || len(f.Blocks) < 2 || len(f.Blocks[0].Instrs) == 0 || len(f.Blocks[1].Instrs) == 0 {
		t.Fatal("test function needs two blocks with instructions")
	}
	before := make([][]*Instr, len(f.Blocks))
	for i, b := range f.Blocks {
		before[i] = slices.Clone(b.Instrs)
	}
	g := f.ShallowCloneExcept([]bool{true}) // block 0 only: a short list names the first blocks
	r := g.Blocks[0]
	if len(r.Instrs) != 0 || cap(r.Instrs) != len(f.Blocks[0].Instrs) || len(r.Phis) != 0 || (r.Phis == nil) != (len(f.Blocks[0].Phis) == 0) {
		t.Fatalf("rebuilt block: %d instructions, room for %d, %d phis; want none, room for %d", len(r.Instrs), cap(r.Instrs), len(r.Phis), len(f.Blocks[0].Instrs))
	}
	filler := f.Blocks[1].Instrs[0]
	for range cap(r.Instrs) {
		r.Instrs = append(r.Instrs, filler)
	}
	for i, b := range f.Blocks {
		if !slices.Equal(b.Instrs, before[i]) {
			t.Fatalf("filling the rebuilt block changed the input's b%d", i)
		}
	}
	for i := 1; i < len(f.Blocks); i++ {
		if !slices.Equal(g.Blocks[i].Instrs, before[i]) || !slices.Equal(g.Blocks[i].Phis, f.Blocks[i].Phis) {
			t.Fatalf("b%d, not rebuilt, is not a copy of the input's", i)
		}
	}
}
