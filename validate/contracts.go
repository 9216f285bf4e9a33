// This file is what facts cross a call: a function's contract, what
// every normal return from it shows (results never nil, parameters
// never nil), derived from its own accepted certificate, and assumed at
// its static calls by the certificates of its callers. A certificate is
// checked relative to the contracts it is given; the caller of the
// validator gives only contracts that DeriveContract derived from
// accepted certificates (themselves relative to their callees'), so the
// chain rests on validated certificates only.

package validate

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// Contract is what each normal return from a function shows: the
// results (by index) that are never nil, and the parameters (by index,
// a method's receiver first) that are never nil: it dereferenced them,
// or it does not return for nil.
type Contract struct {
	NonNilResults []int
	NonNilParams  []int
	// bounds are integer results' bounds (contracts_bounds.go),
	// unexported: they stay within the package (no fact encodes them).
	bounds []ResultBound
}

// Contracts are the contracts of statically called functions, by their
// IR names (ir.Instr.Sym of a static call).
type Contracts map[string]*Contract

// Contract returns the contract of the function a static call (not a
// go or defer) calls, or nil.
func (c *FactRules) Contract(in *ir.Instr) *Contract {
	if in.Op != ir.OpCall || in.CallMode != ir.CallStatic || c.contracts == nil {
		return nil
	}
	return c.contracts[in.Sym()]
}

// callNonNil reports whether r is a result of a call whose contract
// says it is never nil.
func (c *FactRules) callNonNil(in *ir.Instr, r ir.Reg) bool {
	con := c.Contract(in)
	if con == nil {
		return false
	}
	k := slices.Index(in.Dsts(), r)
	return k >= 0 && slices.Contains(con.NonNilResults, k)
}

// DeriveContract returns f's contract, given check elimination's
// certificate h for f, which CheckElimAssuming accepted with contracts
// (nil if no return of f is reachable: a function that never returns
// promises nothing worth saying).
func DeriveContract(f *ir.Func, h *CheckElimHints, contracts Contracts) *Contract {
	c := NewFactRulesAssuming(f, contracts)
	type exit struct {
		block   int
		avail   []Fact // before the return
		results []ir.Reg
	}
	var exits []exit
	reach := f.Reachable()
	for i, b := range f.Blocks {
		if !reach[i] || i >= len(h.Entry) {
			continue
		}
		avail := slices.Clone(h.Entry[i])
		for _, in := range b.Instrs {
			if in.Op == ir.OpReturn {
				exits = append(exits, exit{i, slices.Clone(avail), in.Args()})
			}
			avail = c.Gens(in, avail, i)
		}
	}
	if len(exits) == 0 {
		return nil
	}
	nonNilAtEvery := func(reg func(e exit) ir.Reg) bool {
		for _, e := range exits {
			r := reg(e)
			if r == ir.NoReg || !FactNonNil.AppliesTo(f.TypeOf(r)) || !c.Implied(Fact{Kind: FactNonNil, Reg: r}, e.avail, e.block) {
				return false
			}
		}
		return true
	}
	con := &Contract{}
	for k, p := range f.Params {
		if nonNilAtEvery(func(exit) ir.Reg { return p }) {
			con.NonNilParams = append(con.NonNilParams, k)
		}
	}
	for k := range f.Results {
		result := func(e exit) ir.Reg {
			if k < len(e.results) {
				return e.results[k]
			}
			return ir.NoReg
		}
		if nonNilAtEvery(result) {
			con.NonNilResults = append(con.NonNilResults, k)
		}
	}
	return con
}
