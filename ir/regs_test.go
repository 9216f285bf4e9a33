package ir

import (
	"go/types"
	"sync"
	"testing"
)

var (
	regInt  = types.Typ[types.Int]
	regBool = types.Typ[types.Bool]
)

func regFunc(n int) *Func {
	f := NewFunc("main.f")
	for range n {
		f.NewReg(regInt)
	}
	return f
}

// A clone shares its original's types: adding registers to either, or
// changing a type of either, never shows in the other.
func TestRegTypesShared(t *testing.T) {
	f := regFunc(5)
	f.ReserveRegs(10)
	g, h := f.ShallowClone(), f.ShallowClone()
	if &g.regs.t[0] != &f.regs.t[0] {
		t.Fatal("a clone copied the register types")
	}
	rg := g.NewReg(regBool) // claims the room after f's registers
	if &g.regs.t[0] != &f.regs.t[0] {
		t.Error("the first clone to add a register copied the types, though there was room")
	}
	rh := h.NewReg(regInt) // must not write where g did
	if &h.regs.t[0] == &f.regs.t[0] {
		t.Error("the second clone to add a register wrote in the shared array")
	}
	if rg != 5 || rh != 5 || g.TypeOf(rg) != regBool || h.TypeOf(rh) != regInt {
		t.Errorf("added r%d:%v and r%d:%v, want r5:bool and r5:int", rg, g.TypeOf(rg), rh, h.TypeOf(rh))
	}
	if f.NumRegs() != 5 {
		t.Errorf("the original has %d registers, want 5", f.NumRegs())
	}
	f.NewReg(regInt) // the room after f is g's: f copies
	if g.TypeOf(5) != regBool {
		t.Error("a register the original added shows in its clone")
	}
	g.SetType(0, regBool) // shared: g copies
	if f.TypeOf(0) != regInt || h.TypeOf(0) != regInt {
		t.Error("a type changed in a clone shows in the original or another clone")
	}
	if FirstOtherType(f, h, 5) != -1 || FirstOtherType(f, g, 5) != 0 {
		t.Errorf("FirstOtherType: %d and %d, want -1 and 0", FirstOtherType(f, h, 5), FirstOtherType(f, g, 5))
	}
}

// An unshared function changes its types in place; SetNumRegs shrinks
// into a copy.
func TestRegTypesOwn(t *testing.T) {
	f := regFunc(3)
	before := &f.regs.t[0]
	f.SetType(1, regBool)
	if &f.regs.t[0] != before || f.TypeOf(1) != regBool {
		t.Error("SetType on an unshared function copied its types or did not set")
	}
	g := f.ShallowClone()
	f.SetNumRegs(2)
	if f.NumRegs() != 2 || g.NumRegs() != 3 || g.TypeOf(2) != regInt {
		t.Error("SetNumRegs changed a clone")
	}
	f.SetNumRegs(4)
	if f.NumRegs() != 4 || f.TypeOf(3) != nil || f.HasReg(3) || !f.HasReg(1) || f.HasReg(-1) || f.HasReg(4) {
		t.Error("SetNumRegs did not add untyped registers")
	}
}

// Clones adding registers at once: exactly one writes in place, and
// each sees its own registers (run with -race).
func TestRegTypesConcurrentClones(t *testing.T) {
	f := regFunc(4)
	f.ReserveRegs(4)
	clones := make([]*Func, 8)
	for i := range clones {
		clones[i] = f.ShallowClone()
	}
	var wg sync.WaitGroup
	for i, g := range clones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			typ := types.NewArray(regInt, int64(i))
			for range 3 {
				g.NewReg(typ)
			}
		}()
	}
	wg.Wait()
	inPlace := 0
	for i, g := range clones {
		if &g.regs.t[0] == &f.regs.t[0] {
			inPlace++
		}
		for r := 4; r < 7; r++ {
			if a, ok := g.TypeOf(Reg(r)).(*types.Array); !ok || a.Len() != int64(i) {
				t.Fatalf("clone %d: r%d has type %v", i, r, g.TypeOf(Reg(r)))
			}
		}
	}
	if inPlace != 1 {
		t.Errorf("%d clones wrote in the shared array, want 1", inPlace)
	}
}

// FirstOtherType on arrays that are not shared: identical types in
// distinct objects are the same, and the first difference is reported
// where it is.
func TestFirstOtherTypeCompares(t *testing.T) {
	intPtr := func() types.Type { return types.NewPointer(regInt) }
	withTypes := func(ts ...types.Type) *Func {
		f := NewFunc("main.f")
		for _, t := range ts {
			f.NewReg(t)
		}
		return f
	}
	f := withTypes(regInt, intPtr(), nil, regBool, intPtr())
	for _, tc := range []struct {
		name string
		g    *Func
		want int
	}{
		{"identical, other objects", withTypes(regInt, intPtr(), nil, regBool, intPtr()), -1},
		{"other type", withTypes(regInt, intPtr(), nil, regInt, intPtr()), 3},
		{"typed where untyped", withTypes(regInt, intPtr(), regInt, regBool, intPtr()), 2},
		{"untyped where typed", withTypes(nil, intPtr(), nil, regBool, intPtr()), 0},
		{"last differs", withTypes(regInt, intPtr(), nil, regBool, types.NewPointer(regBool)), 4},
		{"more registers", withTypes(regInt, intPtr(), nil, regBool, intPtr(), regInt), -1},
	} {
		if got := FirstOtherType(f, tc.g, f.NumRegs()); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
	if got := FirstOtherType(NewFunc("a"), NewFunc("b"), 0); got != -1 {
		t.Errorf("empty: got %d", got)
	}
}

// The signature kept with a function follows changes to its
// parameters' types, its results and its variadicity.
func TestSignatureKept(t *testing.T) {
	f := regFunc(2)
	f.Params = []Reg{0, 1}
	f.Results = []types.Type{regBool}
	sig := f.Signature()
	if f.Signature() != sig {
		t.Error("the signature is made again for an unchanged function")
	}
	check := func(what string, want string) {
		t.Helper()
		if got := TypeString(f.Signature()); got != want {
			t.Errorf("after %s: %s, want %s", what, got, want)
		}
	}
	check("nothing", "func(int, int) bool")
	f.SetType(1, types.NewSlice(regBool))
	check("a parameter's type", "func(int, []bool) bool")
	f.Variadic = true
	check("variadicity", "func(int, ...bool) bool")
	f.Results = []types.Type{regInt, regInt}
	check("results", "func(int, ...bool) (int, int)")
	f.Params = f.Params[:1]
	f.Variadic = false
	check("a parameter dropped", "func(int) (int, int)")
}

// ReserveForPasses leaves room for a register per alloc, store and
// block (and 16 more): a clone adding that many writes them in place.
func TestReserveForPasses(t *testing.T) {
	f, err := ParseFunc(`func @main.f(r0 int) int {
b0:
	r1:*int = alloc
	store r1, r0
	r2:int = load r1
	return r2
}
`)
	if err != nil {
		t.Fatal(err)
	}
	f.SetNumRegs(f.NumRegs()) // an array without room
	f.ReserveForPasses()
	want := 16 + 1 + 2 // 16, one block, an alloc and a store
	if room := cap(f.regs.t) - f.NumRegs(); room != want {
		t.Errorf("room for %d registers, want %d", room, want)
	}
	g := f.ShallowClone()
	for range want {
		g.NewReg(regInt)
	}
	if &g.regs.t[0] != &f.regs.t[0] {
		t.Errorf("a clone adding %d registers copied the types", want)
	}
}
