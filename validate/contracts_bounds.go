// This file is the part of a contract that bounds integer results: a
// small function's result is at most m, at every call or at the calls
// that pass given constants (a hash of u to h bits, (u * k) >> (32 -
// h), is below 1 << h for h = 14). gc inlines such a function and
// proves the index it gives below an array's length; the analysis does
// not inline, so the bound crosses the call instead. It is derived
// from the callee's IR alone (DeriveResultBounds), with the given
// parameters read as their constants, and assumed at each call whose
// arguments are those constants, which the caller's validator checks.

package validate

import (
	"math"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// A ResultBound says result Result (by index) of a function is at most
// Max at each normal return from a call whose arguments (by index, a
// method's receiver first) are the constants Args say (none: every
// call).
type ResultBound struct {
	Result int
	Args   []ConstArg
	Max    int64
}

// A ConstArg is an argument that is a constant: the value of parameter
// Param.
type ConstArg struct {
	Param int
	Value int64
}

// callBounds returns avail with the bounds of the results of a static
// call whose contract has them and whose arguments are the constants
// they name.
func (c *FactRules) callBounds(in *ir.Instr, avail []Fact, use int) []Fact {
	con := c.Contract(in)
	if con == nil {
		return avail
	}
	args, dsts := in.CallArgs(), in.Dsts()
	for _, b := range con.bounds {
		if b.Result < 0 || b.Result >= len(dsts) || !isInteger(c.f.TypeOf(dsts[b.Result])) || !c.constantArgs(args, b.Args, use) {
			continue
		}
		avail = append(avail, le(dsts[b.Result], ir.NoReg, b.Max))
	}
	return avail
}

// WithResultBounds returns a copy of c (nil: no contract) with the
// result bounds bs added.
func (c *Contract) WithResultBounds(bs []ResultBound) *Contract {
	out := &Contract{}
	if c != nil {
		*out = *c
	}
	out.bounds = append(slices.Clip(out.bounds), bs...)
	return out
}

// ResultBounds are c's result bounds.
func (c *Contract) ResultBounds() []ResultBound { return c.bounds }

// constantArgs reports whether the arguments named in want are the
// constants it says.
func (c *FactRules) constantArgs(args []ir.Reg, want []ConstArg, use int) bool {
	for _, a := range want {
		if a.Param < 0 || a.Param >= len(args) {
			return false
		}
		if v, ok := c.Constant(args[a.Param], use); !ok || v != a.Value {
			return false
		}
	}
	return true
}

// DeriveResultBounds returns the bounds of f's integer results at
// every normal return, for calls whose arguments are the constants
// args says, on targets with int of 64 and of 32 bits (the larger of
// the two: a contract is assumed on both). Each block is read from its
// start without facts, so the bounds follow from the instructions on
// the way to the return alone (a shift, a mask, a remainder by a
// constant) and rest on no certificate: no check is assumed to have
// passed. A result without a bound at some return, or with none below
// its type's maximum, has none.
func DeriveResultBounds(f *ir.Func, contracts Contracts, args []ConstArg) []ResultBound {
	var out []ResultBound
	at := [2][]int64{resultBounds(f, 64, contracts, args), resultBounds(f, 32, contracts, args)}
	for k := range f.Results {
		if at[0] == nil || at[1] == nil || at[0][k] == math.MaxInt64 || at[1][k] == math.MaxInt64 {
			continue
		}
		out = append(out, ResultBound{Result: k, Args: args, Max: max(at[0][k], at[1][k])})
	}
	return out
}

// resultBounds is, per result of f, the least bound that holds at
// every return with int of wordBits bits (math.MaxInt64: none), or nil
// if f has no reachable return or a parameter args names is not an
// integer of which the value is one.
func resultBounds(f *ir.Func, wordBits uint, contracts Contracts, args []ConstArg) []int64 {
	c := newFactRules(f, wordBits, contracts)
	c.consts = map[ir.Reg]int64{}
	for _, a := range args {
		if a.Param < 0 || a.Param >= len(f.Params) {
			return nil
		}
		p := f.Params[a.Param]
		if lo, hi, ok := c.typeRange(f.TypeOf(p)); !isInteger(f.TypeOf(p)) || a.Value < lo || ok && a.Value > hi {
			return nil
		}
		c.consts[p] = a.Value
	}
	bounds := make([]int64, len(f.Results))
	found := false
	reach := f.Reachable()
	for i, b := range f.Blocks {
		if !reach[i] {
			continue
		}
		var avail []Fact
		for _, in := range b.Instrs {
			if in.Op == ir.OpReturn {
				found = true
				set := c.Set(avail, i)
				for k, r := range in.Args() {
					if k < len(bounds) {
						bounds[k] = max(bounds[k], c.leastBound(r, set, i))
					}
				}
			}
			avail = c.Gens(in, avail, i)
		}
	}
	if !found {
		return nil
	}
	return bounds
}

// leastBound is the least m with r ≤ m implied by set (math.MaxInt64
// when none is below r's type's maximum): implication is monotone in
// the bound, so a binary search finds it.
func (c *FactRules) leastBound(r ir.Reg, set *FactSet, use int) int64 {
	t := c.f.TypeOf(r)
	if !isInteger(t) {
		return math.MaxInt64
	}
	lo, hi := c.typeBounds(t)
	if !c.ImpliedBy(le(r, ir.NoReg, hi-1), set, use) {
		return math.MaxInt64
	}
	// r ≤ hi-1 holds; find the least bound in [lo, hi-1] that does.
	for lo < hi-1 {
		mid := lo + int64((uint64(hi-1)-uint64(lo))/2) // no overflow for a signed 64-bit r
		if c.ImpliedBy(le(r, ir.NoReg, mid), set, use) {
			hi = mid + 1
		} else {
			lo = mid + 1
		}
	}
	return hi - 1
}
