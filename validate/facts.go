// This file is the language of check elimination's certificates: the
// facts and the rules' state (FactRules). Integers are mathematical: a
// fact is about the value a register holds as its type reads it (signed
// or unsigned), never about its bits. What establishes facts is in
// facts_gens.go (instructions) and facts_edges.go (branches and
// comparisons), when facts imply another in facts_implied.go, what a
// register's definition or type says in facts_values.go.

package validate

import (
	"fmt"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// FactKind is a kind of fact about registers.
type FactKind uint8

const (
	FactNonNil  FactKind = iota + 1 // Reg is not nil
	FactNonZero                     // Reg, an integer, is not zero
	FactLE                          // Reg - Y ≤ C, integers; ir.NoReg (as Reg or Y) is zero
	FactNil                         // Reg is nil
	FactTrue                        // Reg, a boolean, is true
	FactFalse                       // Reg, a boolean, is false
)

func (k FactKind) String() string {
	switch k {
	case FactNonNil:
		return "nonnil"
	case FactNonZero:
		return "nonzero"
	case FactLE:
		return "le"
	case FactNil:
		return "nil"
	case FactTrue:
		return "true"
	case FactFalse:
		return "false"
	}
	return "fact?"
}

// AppliesTo reports whether a fact of kind k may be about a register
// of type t: nonnil and nil of what nil is a value of, the others of
// integers.
func (k FactKind) AppliesTo(t types.Type) bool {
	switch k {
	case FactNonNil, FactNil:
		return nilable(t)
	case FactNonZero, FactLE:
		return isInteger(t)
	case FactTrue, FactFalse:
		return isBool(t)
	}
	return false
}

// Fact is a fact about the values of registers.
type Fact struct {
	Kind FactKind
	Reg  ir.Reg
	Y    ir.Reg // FactLE: the register subtracted (NoReg: zero)
	C    int64  // FactLE: the bound
	// If, of a Kind other than 0, makes the fact hold only where the
	// guard does (facts_gated.go): "if true ok: nonnil p" after
	// ok := p != nil.
	If Guard
}

func (f Fact) String() string {
	if f.If.Kind != 0 {
		return fmt.Sprintf("if %s: %s", f.If.Fact(), f.Unguarded())
	}
	if f.Kind != FactLE {
		return fmt.Sprintf("%s %s", f.Kind, f.Reg)
	}
	term := func(r ir.Reg) string {
		if r == ir.NoReg {
			return "0"
		}
		return r.String()
	}
	return fmt.Sprintf("%s - %s <= %d", term(f.Reg), term(f.Y), f.C)
}

// le is the fact x - y ≤ c.
func le(x, y ir.Reg, c int64) Fact { return Fact{Kind: FactLE, Reg: x, Y: y, C: c} }

// CheckFacts are the facts under which the check in passes, or nil for
// an instruction that is not a check the pass removes.
func CheckFacts(f *ir.Func, in *ir.Instr) []Fact {
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck:
		return []Fact{{Kind: FactNonNil, Reg: args[0]}}
	case ir.OpDivCheck:
		return []Fact{{Kind: FactNonZero, Reg: args[0]}}
	case ir.OpBoundsCheck: // 0 ≤ i < n
		return []Fact{le(ir.NoReg, args[0], 0), le(args[0], args[1], -1)}
	case ir.OpSliceCheck: // 0 ≤ lo ≤ hi ≤ max ≤ bound, lo and max optional
		return sliceFacts(args[0], args[1], args[2], args[3])
	case ir.OpShiftCheck: // the count is not negative
		return []Fact{le(ir.NoReg, args[0], 0)}
	case ir.OpLenCheck: // n ≤ l
		return []Fact{le(args[1], args[0], 0)}
	}
	return nil
}

func sliceFacts(lo, hi, max, bound ir.Reg) []Fact {
	fs := []Fact{le(ir.NoReg, hi, 0)}
	top := bound
	if max != ir.NoReg {
		fs = append(fs, le(max, bound, 0))
		top = max
	}
	fs = append(fs, le(hi, top, 0))
	if lo != ir.NoReg {
		fs = append(fs, le(ir.NoReg, lo, 0), le(lo, hi, 0))
	}
	return fs
}

// FactRules are the rules of check elimination's certificates for one
// SSA function: what its instructions and edges establish and what
// facts imply. CheckElim checks a certificate with them; the pass
// searches for one with them.
type FactRules struct {
	f        *ir.Func
	wordBits uint     // the size of int, uint and uintptr: 64 (amd64, vssa's targets) or 32
	canon    []ir.Reg // per register: the term for its value (term)
	def      []place  // per register: its definition (block -1: a parameter or free variable, -2: nowhere; index -1: a phi)
	recov    []bool   // blocks reachable from the recover block
	// contracts are those of the functions f calls statically that
	// the certificate may assume (contracts.go).
	contracts Contracts
	// consts are parameters read as constants: DeriveResultBounds's,
	// for the calls that pass them.
	consts map[ir.Reg]int64
}

// NewFactRules returns the rules for f, with int, uint and uintptr of
// 64 bits, assuming no contract of the functions it calls.
func NewFactRules(f *ir.Func) *FactRules { return newFactRules(f, 64, nil) }

// NewFactRulesAssuming returns the rules for f assuming the contracts
// of the functions it calls.
func NewFactRulesAssuming(f *ir.Func, contracts Contracts) *FactRules {
	return newFactRules(f, 64, contracts)
}

func newFactRules(f *ir.Func, wordBits uint, contracts Contracts) *FactRules {
	c := &FactRules{f: f, wordBits: wordBits, def: make([]place, f.NumRegs()), recov: f.RecoverReach(), contracts: contracts}
	for v := range c.def {
		c.def[v].block = -2
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			c.def[v].block = -1
		}
	}
	c.canon = make([]ir.Reg, f.NumRegs())
	for v := range c.canon {
		c.canon[v] = ir.Reg(v)
	}
	type length struct {
		op ir.Op
		of ir.Reg
	}
	first := map[length]ir.Reg{}
	for i, b := range f.Blocks {
		for _, phi := range b.Phis {
			c.def[phi.Dst()] = place{int32(i), -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				c.def[d] = place{int32(i), int32(k)}
			}
			if (in.Op == ir.OpLen || in.Op == ir.OpCap) && fixedLength(f.TypeOf(in.Args()[0])) {
				key := length{in.Op, in.Args()[0]}
				if r, ok := first[key]; ok {
					c.canon[in.Dst()] = r
				} else {
					first[key] = in.Dst()
				}
			}
		}
	}
	return c
}

// fixedLength reports whether a value of type t has a length that never
// changes: a slice, string, array or pointer to an array.
func fixedLength(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}

// definition returns the instruction defining r, if a use in block use
// can rely on it having run: nil for a parameter, a phi, no register,
// and a register of the entry block where the recover block reaches
// (it may run before the entry block defines it).
func (c *FactRules) definition(r ir.Reg, use int) *ir.Instr {
	if r < 0 || int(r) >= len(c.def) {
		return nil
	}
	d := c.def[r]
	if d.block < 0 || d.index < 0 || d.block == 0 && c.recov[use] {
		return nil
	}
	return c.f.Blocks[d.block].Instrs[d.index]
}
