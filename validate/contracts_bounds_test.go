package validate

import (
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// hashTo is a hash of u to h bits, (u * k) >> (32 - h), and hash64To
// the same of a 64-bit u, uint32(x >> ((64 - h) & 63)).
const hashTo = `
func @main.hash(r0 uint32, r1 uint8) uint32 {
b0:
    r2:uint32 = const 2654435761
    r3:uint32 = mul r0, r2
    r4:uint8 = const 32
    r5:uint8 = sub r4, r1
    r6:uint32 = shr r3, r5
    return r6
}`

const hash64To = `
func @main.hash(r0 uint64, r1 uint8) uint32 {
b0:
    r2:uint64 = const 889523592379
    r3:uint64 = mul r0, r2
    r4:uint8 = const 64
    r5:uint8 = sub r4, r1
    r6:uint8 = const 63
    r7:uint8 = and r5, r6
    r8:uint64 = shr r3, r7
    r9:uint32 = convert r8
    return r9
}`

// TestDeriveResultBounds: a hash to h bits is below 1 << h at calls
// passing a constant h, as Go computes it (32 - 40 wraps to 248 in a
// uint8, and a shift by 248 gives 0); at calls passing anything it has
// no bound, and a switch returning two hashes has the larger bound.
func TestDeriveResultBounds(t *testing.T) {
	h14 := []ConstArg{{Param: 1, Value: 14}}
	for _, c := range []struct {
		why  string
		src  string
		args []ConstArg
		want []int64 // bounds of the results, none: no bound
	}{
		{"a 32-bit hash to 14 bits", hashTo, h14, []int64{16383}},
		{"a 32-bit hash to 1 bit", hashTo, []ConstArg{{1, 1}}, []int64{1}},
		{"a 32-bit hash to 40 bits: shifted by 248", hashTo, []ConstArg{{1, 40}}, []int64{0}},
		{"a 32-bit hash to any number of bits", hashTo, nil, nil},
		{"a 32-bit hash to 300 bits: no uint8", hashTo, []ConstArg{{1, 300}}, nil},
		{"a 64-bit hash to 14 bits, masked", hash64To, h14, []int64{16383}},
		{"a 64-bit hash to 0 bits: masked to a shift by 0", hash64To, []ConstArg{{1, 0}}, nil},
		{"a 64-bit hash to 33 bits, cut by the conversion: no bound below its type's", hash64To, []ConstArg{{1, 33}}, nil},
		{"two hashes by a switch", `
func @main.hash(r0 uint32, r1 bool) uint32 {
b0:
    r2:uint32 = const 2654435761
    r3:uint32 = mul r0, r2
    if r1, b1, b2
b1: <- b0
    r4:uint32 = const 20
    r5:uint32 = shr r3, r4
    return r5
b2: <- b0
    r6:uint32 = const 24
    r7:uint32 = shr r3, r6
    return r7
}`, nil, []int64{4095}},
	} {
		var got []int64
		for _, b := range DeriveResultBounds(parse(t, c.src), nil, c.args) {
			if b.Result != 0 || !slices.Equal(b.Args, c.args) {
				t.Errorf("%s: bound %+v, want one of result 0 at args %v", c.why, b, c.args)
			}
			got = append(got, b.Max)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: bounds %v, want %v", c.why, got, c.want)
		}
	}
}

// ceHashIndex indexes a table of 1 << 14 entries by a hash to 14 bits.
const ceHashIndex = `
func @main.f(r0 *[16384]int, r1 uint32) int {
b0:
    r2:uint8 = const 14
    r3:uint32 = call @main.hash(r1, r2)
    r4:int = convert r3
    r5:int = len r0
    boundscheck r4, r5
    r6:*int = indexaddr r0, r4
    r7:int = load r6
    return r7
}`

// TestCheckElimResultBounds: a call's result bound removes the index's
// check only at a call passing the constants it names, only when
// assumed, and only when it is below the length.
func TestCheckElimResultBounds(t *testing.T) {
	out := strings.Replace(ceHashIndex, "    boundscheck r4, r5\n", "", 1)
	check := func(in, out string, cs Contracts) error {
		return CheckElimAssuming(parse(t, in), parse(t, out), &CheckElimHints{Entry: make([][]Fact, 1), Removed: []CheckRemoval{{0, 4}}}, cs)
	}
	bound := func(h, m int64) Contracts {
		return Contracts{"main.hash": {bounds: []ResultBound{{Result: 0, Args: []ConstArg{{1, h}}, Max: m}}}}
	}
	derived := Contracts{"main.hash": {bounds: DeriveResultBounds(parse(t, hashTo), nil, []ConstArg{{1, 14}})}}
	if err := check(ceHashIndex, out, derived); err != nil {
		t.Fatalf("removal by the derived bound rejected: %v", err)
	}
	if err := check(ceHashIndex, out, bound(14, 16383)); err != nil {
		t.Fatalf("removal by a bound of 16383 rejected: %v", err)
	}
	other := strings.Replace(ceHashIndex, "const 14", "const 15", 1)
	for _, c := range []struct {
		why     string
		in, out string
		cs      Contracts
	}{
		{"without the contract", ceHashIndex, out, nil},
		{"a call passing 15 where the bound is for 14", other, strings.Replace(out, "const 14", "const 15", 1), derived},
		{"a bound of the length itself", ceHashIndex, out, bound(14, 16384)},
		{"a bound of another result", ceHashIndex, out, Contracts{"main.hash": {bounds: []ResultBound{{Result: 1, Args: []ConstArg{{1, 14}}, Max: 0}}}}},
		{"a bound naming a parameter the call has not", ceHashIndex, out, Contracts{"main.hash": {bounds: []ResultBound{{Result: 0, Args: []ConstArg{{2, 14}}, Max: 0}}}}},
	} {
		if e, ok := check(c.in, c.out, c.cs).(*Error); !ok || e.Rule != RuleImplied {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, RuleImplied)
		}
	}
}

// TestConstantFolds: Constant folds sums, differences and masks of
// constants in their type (uint8 32 - 40 is 248, int8 100 + 100 is
// -56), and nothing of a parameter.
func TestConstantFolds(t *testing.T) {
	f := parse(t, `
func @main.f(r0 int8) int8 {
b0:
    r1:uint8 = const 32
    r2:uint8 = const 40
    r3:uint8 = sub r1, r2
    r4:int8 = const 100
    r5:int8 = add r4, r4
    r6:int8 = add r5, r0
    r7:uint8 = const 7
    r8:uint8 = and r3, r7
    return r6
}`)
	rules := NewFactRules(f)
	for _, c := range []struct {
		reg  int
		want int64
		ok   bool
	}{{3, 248, true}, {5, -56, true}, {6, 0, false}, {8, 0, true}} {
		v, ok := rules.Constant(ir.Reg(c.reg), 0)
		if ok != c.ok || v != c.want {
			t.Errorf("r%d: Constant gives %d, %v; want %d, %v", c.reg, v, ok, c.want, c.ok)
		}
	}
}
