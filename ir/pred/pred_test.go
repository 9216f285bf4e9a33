package pred

import (
	"math/rand/v2"
	"testing"
)

// random returns a random predicate over atoms 0..natoms-1.
func random(r *rand.Rand, natoms int) Pred {
	var p Pred
	for range r.IntN(4) {
		var c Cube
		for range r.IntN(3) {
			c = append(c, Lit{int32(r.IntN(natoms)), r.IntN(2) == 0})
		}
		p = append(p, c)
	}
	return p
}

// states calls fn with every three-valued state of natoms atoms.
func states(natoms int, fn func(atom func(int32) Value)) {
	n := 1
	for range natoms {
		n *= 3
	}
	for s := range n {
		vals := make([]Value, natoms)
		for i, x := 0, s; i < natoms; i, x = i+1, x/3 {
			vals[i] = Value(x % 3)
		}
		fn(func(r int32) Value { return vals[r] })
	}
}

func TestEvalFig6(t *testing.T) {
	und := func(int32) Value { return Undef }
	tru := func(int32) Value { return True }
	if v := Literal(1, false).Eval(und); v != Undef {
		t.Errorf("undefined atom = %v, want ½", v)
	}
	if v := Literal(1, true).Eval(tru); v != False {
		t.Errorf("negated true atom = %v, want 0", v)
	}
	if v := TruePred().Eval(und); v != True {
		t.Errorf("true = %v", v)
	}
	if v := Pred(nil).Eval(tru); v != False {
		t.Errorf("false = %v", v)
	}
	// c ∨ ¬c is ½ where c is undefined: not 1-equivalent to true.
	if v := Or(Literal(1, false), Literal(1, true)).Eval(und); v != Undef {
		t.Errorf("c | !c with c undefined = %v, want ½", v)
	}
}

// TestSimplifyKeepsOne checks Simplify is 1-equivalent and Weaken and
// Project only weaken, in every state.
func TestSimplifyKeepsOne(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		p := random(r, 3)
		s, w := Simplify(p), Weaken(p)
		pr := Project(p, func(r int32) bool { return r == 0 })
		states(3, func(atom func(int32) Value) {
			one := p.Eval(atom) == True
			if (s.Eval(atom) == True) != one {
				t.Fatalf("Simplify(%v) = %v changes when it is 1", p, s)
			}
			if one && w.Eval(atom) != True {
				t.Fatalf("Weaken(%v) = %v is not implied", p, w)
			}
			if one && pr.Eval(atom) != True {
				t.Fatalf("Project(%v) = %v is not implied", p, pr)
			}
		})
	}
}

// TestDecideSound checks that what Implies and Exclusive settle holds
// in every state, and that they settle the cases the pass produces.
func TestDecideSound(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		p, q := random(r, 3), random(r, 3)
		imp, exc := true, true
		states(3, func(atom func(int32) Value) {
			a, b := p.Eval(atom) == True, q.Eval(atom) == True
			imp = imp && (!a || b)
			exc = exc && !(a && b)
		})
		if Implies(p, q) && !imp {
			t.Fatalf("Implies(%v, %v) but it does not hold", p, q)
		}
		if Exclusive(p, q) && !exc {
			t.Fatalf("Exclusive(%v, %v) but it does not hold", p, q)
		}
		if got := !satisfiable(ImpliesCNF(p, q)); got != imp {
			t.Fatalf("ImpliesCNF(%v, %v) unsat=%v, want %v", p, q, got, imp)
		}
		if got := !satisfiable(ExclusiveCNF(p, q)); got != exc {
			t.Fatalf("ExclusiveCNF(%v, %v) unsat=%v, want %v", p, q, got, exc)
		}
	}
	c, nc := Literal(1, false), Literal(1, true)
	a := Literal(2, false)
	if !Exclusive(And(a, c), And(a, nc)) {
		t.Error("a&c and a&!c not settled exclusive")
	}
	if !Implies(Or(And(a, c), And(a, nc)), a) {
		t.Error("a&c | a&!c => a not settled")
	}
	if Implies(a, And(a, c)) {
		t.Error("a => a&c settled")
	}
	if w := Weaken(Or(And(a, c), And(a, nc))); !w.Equal(a) {
		t.Errorf("Weaken(a&c | a&!c) = %v, want %v", w, a)
	}
}

// satisfiable decides a small CNF by enumeration.
func satisfiable(cnf [][]int) bool {
	n := 0
	for _, cl := range cnf {
		for _, l := range cl {
			n = max(n, l, -l)
		}
	}
	for m := 0; m < 1<<n; m++ {
		ok := true
		for _, cl := range cnf {
			sat := false
			for _, l := range cl {
				v := l
				if v < 0 {
					v = -v
				}
				if (m>>(v-1)&1 == 1) == (l > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
