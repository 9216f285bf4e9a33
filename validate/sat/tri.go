// This file implements the encoding of three-valued formulas (GSA's
// predicates) into pairs of Props.

package sat

// Tri is a formula of three-valued logic (values 0, ½ and 1; ½ for a
// condition that cannot be evaluated), encoded by two Props: One holds
// exactly when the formula evaluates to 1, Zero exactly when it evaluates
// to 0; neither holds when it is ½. The two are never both true.
//
// Condition c (c ≥ 1) has two variables (CondVars): defined, true when c
// can be evaluated, and holds, its value then. A register state gives them
// values, and One and Zero of a formula built below are then true exactly
// when the formula evaluates to 1, and to 0, in that state (by induction
// on the formula, from the tables of CompCertGSA's Fig. 6). Hence a Prop
// built from One and Zero that is Valid holds in every state.
type Tri struct{ One, Zero *Prop }

// CondVars returns the variables of condition c: defined is 2c-1 and
// holds is 2c.
func CondVars(c int) (defined, holds int) { return 2*c - 1, 2 * c }

// Cond is the atomic condition c, or its negation c̄ when negated: ½ when
// c is not defined, else c's value (or its complement).
func Cond(c int, negated bool) Tri {
	d, h := CondVars(c)
	yes, no := And(Var(d), Var(h)), And(Var(d), Not(Var(h)))
	if negated {
		yes, no = no, yes
	}
	return Tri{One: yes, Zero: no}
}

// TriTrue, TriFalse and TriUndef are the constants 1, 0 and ½.
func TriTrue() Tri  { return Tri{One: True(), Zero: False()} }
func TriFalse() Tri { return Tri{One: False(), Zero: True()} }
func TriUndef() Tri { return Tri{One: False(), Zero: False()} }

// TriAnd is the minimum of its arguments (1 when there are none).
func TriAnd(ts ...Tri) Tri {
	one, zero := make([]*Prop, len(ts)), make([]*Prop, len(ts))
	for i, t := range ts {
		one[i], zero[i] = t.One, t.Zero
	}
	return Tri{One: And(one...), Zero: Or(zero...)}
}

// TriOr is the maximum of its arguments (0 when there are none).
func TriOr(ts ...Tri) Tri {
	one, zero := make([]*Prop, len(ts)), make([]*Prop, len(ts))
	for i, t := range ts {
		one[i], zero[i] = t.One, t.Zero
	}
	return Tri{One: Or(one...), Zero: And(zero...)}
}

// TriNot is Kleene's negation 1 - p (½ stays ½). CompCertGSA's queries
// negate differently (1 to 0, both 0 and ½ to 1): that negation of p is
// Not(p.One) as a Prop, and needs no Tri.
func TriNot(t Tri) Tri { return Tri{One: t.Zero, Zero: t.One} }

// TriImplies is Łukasiewicz's implication min(1, 1 - p + q): 1 exactly
// when p ≤ q, 0 exactly when p is 1 and q is 0. Unlike Kleene's, it makes
// ½ → ½ true, so that implications between predicates can be valid.
func TriImplies(p, q Tri) Tri {
	return Tri{
		One:  And(Implies(p.One, q.One), Implies(q.Zero, p.Zero)),
		Zero: And(p.One, q.Zero),
	}
}
