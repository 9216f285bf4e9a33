// This file defines literals, cubes and predicates, their construction,
// evaluation and size.

package pred

import (
	"slices"
	"strconv"
	"strings"
)

// Value is a three-valued truth value: False (0), Undef (½), True (1).
type Value uint8

const (
	False Value = iota
	Undef
	True
)

func (v Value) String() string { return [...]string{"0", "½", "1"}[v] }

// Lit is a literal: the atom Reg (a boolean register) or, if Neg, its
// negation. Literals order by register, the positive first.
type Lit struct {
	Reg int32
	Neg bool
}

func (l Lit) key() int64 {
	k := int64(l.Reg) * 2
	if l.Neg {
		k++
	}
	return k
}

func (l Lit) String() string {
	s := "r" + strconv.Itoa(int(l.Reg))
	if l.Neg {
		return "!" + s
	}
	return s
}

// Cube is a conjunction of literals, sorted, without repeats. The empty
// cube is true.
type Cube []Lit

// Pred is a disjunction of cubes. Nil (no cube) is false.
type Pred []Cube

// TruePred returns the predicate true (one empty cube).
func TruePred() Pred { return Pred{Cube{}} }

// Literal returns the predicate of one literal.
func Literal(r int32, neg bool) Pred { return Pred{Cube{{r, neg}}} }

// IsTrue reports whether p holds the empty cube (so is 1 in every state).
func (p Pred) IsTrue() bool {
	return slices.ContainsFunc(p, func(c Cube) bool { return len(c) == 0 })
}

// IsFalse reports whether p has no cube.
func (p Pred) IsFalse() bool { return len(p) == 0 }

// Size is the number of literals of p plus its number of cubes: the
// measure the GSA pass bounds.
func (p Pred) Size() int {
	n := len(p)
	for _, c := range p {
		n += len(c)
	}
	return n
}

// Regs returns the atoms of p, sorted, without repeats.
func (p Pred) Regs() []int32 {
	var rs []int32
	for _, c := range p {
		for _, l := range c {
			rs = append(rs, l.Reg)
		}
	}
	slices.Sort(rs)
	return slices.Compact(rs)
}

// Eval evaluates p, atom giving each atom's value (Undef for a register
// not yet written).
func (p Pred) Eval(atom func(r int32) Value) Value {
	best := False
	for _, c := range p {
		v := True
		for _, l := range c {
			a := atom(l.Reg)
			if l.Neg {
				a = True - a
			}
			v = min(v, a)
			if v == False {
				break
			}
		}
		best = max(best, v)
		if best == True {
			break
		}
	}
	return best
}

// String is the text form: "true", "false", or cubes joined by " | ",
// literals by " & " ("r3 & !r5 | !r3").
func (p Pred) String() string {
	if len(p) == 0 {
		return "false"
	}
	var sb strings.Builder
	for i, c := range p {
		if i > 0 {
			sb.WriteString(" | ")
		}
		if len(c) == 0 {
			sb.WriteString("true")
		}
		for j, l := range c {
			if j > 0 {
				sb.WriteString(" & ")
			}
			sb.WriteString(l.String())
		}
	}
	return sb.String()
}

// Equal reports whether p and q are the same formula.
func (p Pred) Equal(q Pred) bool {
	return slices.EqualFunc(p, q, func(a, b Cube) bool { return slices.Equal(a, b) })
}

// normCube sorts c and removes repeated literals.
func normCube(c Cube) Cube {
	c = slices.Clone(c)
	slices.SortFunc(c, func(a, b Lit) int { return int(a.key() - b.key()) })
	return slices.Compact(c)
}

// contradictory reports whether a sorted cube holds a literal and its
// negation: such a cube is never 1 (it is 0 or ½).
func contradictory(c Cube) bool {
	for i := 1; i < len(c); i++ {
		if c[i].Reg == c[i-1].Reg {
			return true
		}
	}
	return false
}

// subset reports whether every literal of a (sorted) is in b (sorted):
// then b implies a.
func subset(a, b Cube) bool {
	i := 0
	for _, l := range b {
		if i < len(a) && a[i] == l {
			i++
		}
	}
	return i == len(a)
}
