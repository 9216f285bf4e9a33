// This file is the gated part of the facts' language: facts about
// booleans (true r, false r, which the edges of a branch on r give) and
// guarded facts, "if G: F", G and F facts without a guard of their own.
// A guarded fact at the start of a join holds on each incoming edge
// read through the phis (acrossPhis), the γ of GSA (CompCertGSA §4)
// with the argument of that edge chosen: on the edges where the guard
// is false it says nothing, on the others F must follow. So "if true
// ok: nonnil p" holds after `ok := false; if p != nil { ok = true }`:
// on the edge where ok is the constant false the guard is false, on
// the other p was compared with nil. Where the guard follows from the
// facts available (the true edge of `if ok`), F is available too
// (FactRules.Set).
//
// The rules for a guarded fact, each a case of ImpliedBy:
//
//   - it is available as it is;
//   - its guard's negation follows (Negation: x - y ≤ c against
//     y - x ≤ -c-1, nil against nonnil, true against false, nonzero
//     against x ≤ 0 and 0 - x ≤ 0);
//   - F follows from the facts available and G.
//
// And for booleans: true r (false r) follows from an available one, a
// constant r of that value, or r a comparison whose outcome's facts
// follow; an available true r (false r) of a comparison r gives its
// outcome's facts (OutcomeFacts).

package validate

import (
	"go/constant"
	"go/types"
	"math"

	"github.com/vssa-go/vssa/ir"
)

// Guard is the condition of a guarded fact: a fact without a guard,
// written out (a Fact cannot hold one of its own type); Kind 0 for no
// guard.
type Guard struct {
	Kind FactKind
	Reg  ir.Reg
	Y    ir.Reg
	C    int64
}

// GuardOf is the guard that holds exactly where f does (f's own guard
// dropped).
func GuardOf(f Fact) Guard { return Guard{Kind: f.Kind, Reg: f.Reg, Y: f.Y, C: f.C} }

// Fact is the fact the guard stands for.
func (g Guard) Fact() Fact { return Fact{Kind: g.Kind, Reg: g.Reg, Y: g.Y, C: g.C} }

// Unguarded is f without its guard.
func (f Fact) Unguarded() Fact {
	f.If = Guard{}
	return f
}

// Negation is the facts that hold exactly where f (without a guard)
// does not, or nil when the language has none for it.
func Negation(f Fact) []Fact {
	switch f.Kind {
	case FactNonNil:
		return []Fact{{Kind: FactNil, Reg: f.Reg}}
	case FactNil:
		return []Fact{{Kind: FactNonNil, Reg: f.Reg}}
	case FactTrue:
		return []Fact{{Kind: FactFalse, Reg: f.Reg}}
	case FactFalse:
		return []Fact{{Kind: FactTrue, Reg: f.Reg}}
	case FactNonZero:
		return []Fact{le(f.Reg, ir.NoReg, 0), le(ir.NoReg, f.Reg, 0)}
	case FactLE:
		if f.C == math.MinInt64 {
			return nil
		}
		return []Fact{le(f.Y, f.Reg, -f.C-1)} // not x - y ≤ c: y - x ≤ -c-1
	}
	return nil
}

// impliedGuarded decides a guarded fact by the rules of the file's
// comment.
func (c *FactRules) impliedGuarded(fact Fact, set *FactSet, use int) bool {
	for _, a := range set.facts {
		if a == fact {
			return true
		}
	}
	g := fact.If.Fact()
	if neg := Negation(g); neg != nil && c.allImplied(neg, set, use) {
		return true
	}
	return c.ImpliedBy(fact.Unguarded(), c.setWith(set, fact.If, use), use)
}

// setWith is set with guard's fact added, made ready for questions (a
// set's facts do not change once made, so it is made once).
func (c *FactRules) setWith(set *FactSet, guard Guard, use int) *FactSet {
	k := givenKey{c, guard, use}
	if s, ok := set.given[k]; ok {
		return s
	}
	with := append(append(make([]Fact, 0, len(set.facts)+1), set.facts...), guard.Fact())
	s := c.Set(with, use)
	if set.given == nil {
		set.given = map[givenKey]*FactSet{}
	}
	set.given[k] = s
	return s
}

func (c *FactRules) allImplied(fs []Fact, set *FactSet, use int) bool {
	for _, f := range fs {
		if !c.ImpliedBy(f, set, use) {
			return false
		}
	}
	return true
}

// impliedBool decides true r or false r.
func (c *FactRules) impliedBool(fact Fact, set *FactSet, use int) bool {
	for _, a := range set.facts {
		if a == fact {
			return true
		}
	}
	in := c.definition(fact.Reg, use)
	if in == nil {
		return false
	}
	if in.Op == ir.OpConst {
		v := c.f.ConstValue(in)
		return v != nil && v.Kind() == constant.Bool && constant.BoolVal(v) == (fact.Kind == FactTrue)
	}
	fs := c.OutcomeFacts(in, fact.Kind == FactTrue, use)
	return fs != nil && c.allImplied(fs, set, use)
}

// boolFacts are the facts an available true r or false r gives: its
// comparison's outcome's, where use can rely on its definition.
func (c *FactRules) boolFacts(fact Fact, use int) []Fact {
	if fact.If.Kind != 0 || fact.Kind != FactTrue && fact.Kind != FactFalse {
		return nil
	}
	in := c.definition(fact.Reg, use)
	if in == nil {
		return nil
	}
	return c.OutcomeFacts(in, fact.Kind == FactTrue, use)
}

// branchBool is the fact the edge e of a branch on r gives about r.
func branchBool(r ir.Reg, e int) Fact {
	if e == 0 {
		return Fact{Kind: FactTrue, Reg: r}
	}
	return Fact{Kind: FactFalse, Reg: r}
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
