// This file implements propositional formulas: their type, constructors
// and evaluation.

package sat

import (
	"fmt"
	"strings"
)

// Op is the operator of a Prop.
type Op uint8

const (
	OpVar Op = iota // the variable Var
	OpNot           // the negation of Args[0]
	OpAnd           // the conjunction of Args (true when there are none)
	OpOr            // the disjunction of Args (false when there are none)
)

// Prop is a propositional formula over variables numbered from 1. A Prop
// may be shared (a DAG): the encoding gives a shared node one gate. Props
// are built with the constructors below and not changed afterwards.
//
// Printed form: x3, !x3, (x1 & !x2), (x1 | x2), true, false.
type Prop struct {
	Op   Op
	Var  int // OpVar: the variable, ≥ 1
	Args []*Prop
}

// Var returns the variable v (v ≥ 1).
func Var(v int) *Prop {
	if v < 1 {
		panic(fmt.Sprintf("sat.Var(%d): variables are numbered from 1", v))
	}
	return &Prop{Op: OpVar, Var: v}
}

// Not, And, Or, Implies and Iff build the usual connectives; True and
// False are the empty conjunction and disjunction.
func Not(p *Prop) *Prop        { return &Prop{Op: OpNot, Args: []*Prop{p}} }
func And(ps ...*Prop) *Prop    { return &Prop{Op: OpAnd, Args: ps} }
func Or(ps ...*Prop) *Prop     { return &Prop{Op: OpOr, Args: ps} }
func Implies(p, q *Prop) *Prop { return Or(Not(p), q) }
func Iff(p, q *Prop) *Prop     { return And(Implies(p, q), Implies(q, p)) }
func True() *Prop              { return And() }
func False() *Prop             { return Or() }

func (p *Prop) String() string {
	var sb strings.Builder
	p.print(&sb)
	return sb.String()
}

// MaxVar returns the largest variable p mentions (0 if none).
func (p *Prop) MaxVar() int {
	m := 0
	p.walk(func(q *Prop) {
		if q.Op == OpVar {
			m = max(m, q.Var)
		}
	})
	return m
}

// walk calls f once on every node of p.
func (p *Prop) walk(f func(*Prop)) {
	seen := map[*Prop]bool{}
	var rec func(*Prop)
	rec = func(q *Prop) {
		if seen[q] {
			return
		}
		seen[q] = true
		f(q)
		for _, a := range q.Args {
			rec(a)
		}
	}
	rec(p)
}

// Eval evaluates p under an assignment (assign[v-1] the value of v). It
// follows the tree, so it is for tests and small formulas.
func (p *Prop) Eval(assign []bool) bool {
	switch p.Op {
	case OpVar:
		return assign[p.Var-1]
	case OpNot:
		return !p.Args[0].Eval(assign)
	case OpAnd:
		for _, a := range p.Args {
			if !a.Eval(assign) {
				return false
			}
		}
		return true
	case OpOr:
		for _, a := range p.Args {
			if a.Eval(assign) {
				return true
			}
		}
		return false
	}
	panic(fmt.Sprintf("sat: unknown operator %d", p.Op))
}

func (p *Prop) print(sb *strings.Builder) {
	switch {
	case p.Op == OpVar:
		fmt.Fprintf(sb, "x%d", p.Var)
	case p.Op == OpNot:
		sb.WriteString("!")
		p.Args[0].print(sb)
	case len(p.Args) == 0 && p.Op == OpAnd:
		sb.WriteString("true")
	case len(p.Args) == 0:
		sb.WriteString("false")
	default:
		sep := " & "
		if p.Op == OpOr {
			sep = " | "
		}
		sb.WriteString("(")
		for i, a := range p.Args {
			if i > 0 {
				sb.WriteString(sep)
			}
			a.print(sb)
		}
		sb.WriteString(")")
	}
}
