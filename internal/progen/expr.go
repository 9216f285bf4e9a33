// This file generates numeric expressions: typed trees of operators,
// conversions, shifts, divisions and min/max over the function's
// variables, run-time values and constants, written so that they always
// compile and their value never depends on what the specification leaves
// open.

package progen

import (
	"fmt"
	"strings"
)

// An expr is a generated expression.
//
// Only leaves are constants: an operator whose operands would all be
// constants gets one of them through an identity helper (vInt8(5)),
// so that no constant expression can overflow, divide by zero or shift
// by a negative count, which would be compile errors, and so that the
// value is computed at run time, not by gc's constant arithmetic.
type expr struct {
	src   string   // Go source, parenthesized unless it is a name, a call or a constant
	t     *numType // its type
	konst bool     // a constant (a leaf)
	typed bool     // a constant written with its type: int8(5); not an untyped 5
	zero  bool     // a constant equal to zero
	// panics reports that evaluating it may panic (an integer division
	// by a variable, a shift by a signed variable, or an operand that
	// may). Go leaves the order of evaluation of operands unspecified
	// apart from calls, so two operands that may panic (with different
	// messages) are never siblings: the second is computed by a
	// statement of its own first (see fn.hoist).
	panics bool
}

// operand returns e's source as an operand of a binary operator: a
// negative constant is parenthesized.
func (e expr) operand() string {
	if strings.HasPrefix(e.src, "-") || strings.HasPrefix(e.src, "^") {
		return "(" + e.src + ")"
	}
	return e.src
}

// asTyped returns e with a constant written with its type, for the
// places where an untyped constant would take another type (the left
// operand of a shift, a statement's only operand).
func (e expr) asTyped() expr {
	if e.konst && !e.typed {
		e.src = e.t.name + "(" + e.src + ")"
		e.typed = true
	}
	return e
}

// A variable is a numeric variable in scope: a parameter or a local.
type variable struct {
	name string
	t    *numType
}

// A fn is a function being written.
type fn struct {
	g     *gen
	name  string
	vars  []variable // numeric variables in scope
	decls []string   // parameter declarations: "p0 int8"
	args  []string   // main's arguments for the parameters
	body  strings.Builder
	pre   []string // statements computing hoisted operands, written before the next statement
	// printedPanics is set in the functions of a chain of panics that
	// nothing recovers (see panicValue).
	printedPanics bool
	nlocal        int
}

func (g *gen) newFn(name string) *fn { return &fn{g: g, name: name} }

// intn returns a random int in [0, n).
func (f *fn) intn(n int) int { return f.g.r.IntN(n) }

// distinct returns k distinct random numbers in [0, n), so that a
// function does not repeat a kind of statement.
func (f *fn) distinct(n, k int) []int {
	return f.g.r.Perm(n)[:min(k, n)]
}

// local returns a new local variable name with the given prefix: r0, r1, …
func (f *fn) local(prefix string) string {
	name := fmt.Sprintf("%s%d", prefix, f.nlocal)
	f.nlocal++
	return name
}

// stmt writes a statement, after the statements of hoisted operands.
func (f *fn) stmt(format string, args ...any) {
	for _, s := range f.pre {
		f.body.WriteString(s + "\n")
	}
	f.pre = f.pre[:0]
	fmt.Fprintf(&f.body, format+"\n", args...)
}

// hoist returns a variable holding e, computed by a statement before the
// current one (see expr.panics).
func (f *fn) hoist(e expr) expr {
	name := f.local("h")
	f.pre = append(f.pre, fmt.Sprintf("%s := %s", name, e.asTyped().src))
	return expr{src: name, t: e.t}
}

// ident returns a run-time copy of e through the identity helper of its
// type: no longer a constant, so that gc cannot fold it.
func (f *fn) ident(e expr) expr {
	if e.panics {
		e = f.hoist(e)
	}
	return expr{src: f.g.identName(e.t) + "(" + e.src + ")", t: e.t}
}

// identName returns the name of the identity helper of t, vInt8, and
// adds it to the program.
func (g *gen) identName(t *numType) string {
	name := "v" + t.helperName()
	g.helper(name, fmt.Sprintf("//go:noinline\nfunc %s(x %s) %s { return x }\n", name, t.name, t.name))
	return name
}

// declare writes "name := e" (typing a constant) and records the new
// variable.
func (f *fn) declare(name string, e expr) {
	if e.konst {
		f.stmt("var %s %s = %s", name, e.t.name, e.src)
	} else {
		f.stmt("%s := %s", name, e.src)
	}
	f.vars = append(f.vars, variable{name, e.t})
}

// varOf returns a random variable of type t in scope, if there is one.
func (f *fn) varOf(t *numType) (string, bool) {
	var names []string
	for _, v := range f.vars {
		if v.t == t {
			names = append(names, v.name)
		}
	}
	if len(names) == 0 {
		return "", false
	}
	return names[f.intn(len(names))], true
}

// constant returns a random constant of type t, untyped or typed.
func (f *fn) constant(t *numType) expr {
	var src string
	switch t.kind {
	case signed, unsigned:
		src = f.g.intConst(t)
	case float:
		src = f.g.floatConst(t)
	default:
		src = fmt.Sprintf("complex(%s, %s)", f.g.floatConst(t.component()), f.g.floatConst(t.component()))
	}
	e := expr{src: src, t: t, konst: true, zero: src == "0"}
	if f.intn(3) == 0 {
		e = e.asTyped()
	}
	return e
}

// value returns a random run-time value of type t, the kind of value
// main passes as an argument: a constant, a constant through the
// identity helper, or (for floats) NaN, ±Inf or -0.
func (g *gen) value(t *numType) string {
	f := &fn{g: g}
	switch n := g.r.IntN(10); {
	case n < 2 && t.kind == float:
		return g.floatSpecial(t)
	case n < 2 && t.kind == cmplx:
		return t.name + "(" + complexSpecial(f, t) + ")"
	case n < 6:
		return f.constant(t).src
	default:
		return f.ident(f.constant(t)).src
	}
}

// typedValue is value with constants written with their type, for an
// interface, where an untyped constant would take its default type.
func (g *gen) typedValue(t *numType) string {
	f := &fn{g: g}
	if g.r.IntN(4) == 0 {
		return f.constant(t).asTyped().src
	}
	return f.ident(f.constant(t)).src
}

// complexSpecial returns a non-constant complex expression with NaN, an
// infinity or -0 in a part.
func complexSpecial(f *fn, t *numType) string {
	c := t.component()
	re, im := f.g.floatSpecial(c), f.constant(c).asTyped().src
	if f.intn(2) == 0 {
		re, im = im, re
	}
	return "complex(" + re + ", " + im + ")"
}

// leaf returns a variable, a constant or a run-time value of type t.
func (f *fn) leaf(t *numType) expr {
	n := f.intn(10)
	if n < 4 {
		if name, ok := f.varOf(t); ok {
			return expr{src: name, t: t}
		}
	}
	switch {
	case n < 6:
		return f.constant(t)
	case n < 8 && t.kind == float:
		return expr{src: f.g.floatSpecial(t), t: t}
	case n < 8 && t.kind == cmplx:
		return expr{src: t.name + "(" + complexSpecial(f, t) + ")", t: t}
	}
	return f.ident(f.constant(t))
}

// num returns a random expression of type t, of at most depth operators
// deep.
func (f *fn) num(t *numType, depth int) expr {
	if depth <= 0 || f.intn(5) == 0 {
		return f.leaf(t)
	}
	switch t.kind {
	case signed, unsigned:
		return f.intExpr(t, depth)
	case float:
		return f.floatExpr(t, depth)
	}
	return f.complexExpr(t, depth)
}

func (f *fn) intExpr(t *numType, depth int) expr {
	switch n := f.intn(100); {
	case n < 30:
		return f.binary(pick(f.g, "+", "-", "*", "&", "|", "^", "&^"), f.num(t, depth-1), f.num(t, depth-1))
	case n < 45:
		return f.divide(pick(f.g, "/", "%"), f.num(t, depth-1), f.num(t, depth-1))
	case n < 60:
		return f.shift(pick(f.g, "<<", ">>"), f.num(t, depth-1), depth)
	case n < 68:
		return f.unary(pick(f.g, "-", "^", "-", "+"), f.num(t, depth-1))
	case n < 85:
		return f.convert(t, depth)
	case n < 93:
		return f.minMax(t, depth)
	}
	return f.ident(f.num(t, depth-1))
}

func (f *fn) floatExpr(t *numType, depth int) expr {
	switch n := f.intn(100); {
	case n < 40:
		return f.binary(pick(f.g, "+", "-", "*", "/"), f.num(t, depth-1), f.num(t, depth-1))
	case n < 50:
		return f.unary("-", f.num(t, depth-1))
	case n < 72:
		return f.convert(t, depth)
	case n < 85:
		return f.minMax(t, depth)
	}
	return f.mathCall(t, depth)
}

func (f *fn) complexExpr(t *numType, depth int) expr {
	switch n := f.intn(100); {
	case n < 45:
		return f.binary(pick(f.g, "+", "-", "*", "/"), f.num(t, depth-1), f.num(t, depth-1))
	case n < 55:
		return f.unary("-", f.num(t, depth-1))
	case n < 80:
		c := t.component()
		re, im := f.num(c, depth-1), f.num(c, depth-1)
		if re.konst && im.konst {
			re = f.ident(re)
		}
		if re.panics && im.panics {
			im = f.hoist(im)
		}
		e := expr{src: "complex(" + re.src + ", " + im.src + ")", t: complex128T, panics: re.panics || im.panics}
		if c == float32T {
			e.t = complex64T
		}
		if e.t != t {
			e.src = t.name + "(" + e.src + ")"
			e.t = t
		}
		return e
	}
	return f.convert(t, depth)
}

// binary returns l op r, where l and r have the same type and op is not
// a shift, a division or a remainder.
func (f *fn) binary(op string, l, r expr) expr {
	if l.konst && r.konst {
		l = f.ident(l)
	}
	if l.panics && r.panics {
		r = f.hoist(r)
	}
	return expr{src: "(" + l.operand() + " " + op + " " + r.operand() + ")", t: l.t, panics: l.panics || r.panics}
}

// divide returns l / r or l % r. A constant zero divisor is a compile
// error for integers, so it goes through the identity helper; an integer
// division by a variable may panic.
func (f *fn) divide(op string, l, r expr) expr {
	if r.konst && r.zero && l.t.isInt() {
		r = f.ident(r)
	}
	e := f.binary(op, l, r)
	if l.t.isInt() && !r.konst {
		e.panics = true
	}
	return e
}

// shiftCounts are the constant shift counts: around every width.
var shiftCounts = []int{0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 200, 255}

// shift returns l << c or l >> c with a count c of a random integer type
// (see shiftCount).
func (f *fn) shift(op string, l expr, depth int) expr {
	c := f.shiftCount(depth)
	if l.konst && c.konst {
		l = f.ident(l)
	}
	l = l.asTyped()
	if l.panics && c.panics {
		c = f.hoist(c)
	}
	return expr{src: "(" + l.operand() + " " + op + " " + c.operand() + ")", t: l.t, panics: l.panics || c.panics || (c.t.kind == signed && !c.konst)}
}

// shiftCount returns a shift count of a random integer type: a constant
// around a width, a run-time value (negative ones too: a negative
// constant count is a compile error), a variable or an expression. A
// shift by a signed variable count may panic.
func (f *fn) shiftCount(depth int) expr {
	u := pick(f.g, intTypes...)
	count := func() int {
		v := shiftCounts[f.intn(len(shiftCounts))]
		if uint64(v) > maxInt(u.kind, u.bits) {
			v = 7
		}
		return v
	}
	switch n := f.intn(100); {
	case n < 45:
		v := count()
		c := expr{src: fmt.Sprint(v), t: u, konst: true, zero: v == 0}
		if f.intn(3) == 0 {
			c = c.asTyped()
		}
		return c
	case n < 65:
		v := count()
		if u.kind == signed && f.intn(3) == 0 {
			v = -1 - f.intn(70)
		}
		return f.ident(expr{src: fmt.Sprint(v), t: u, konst: true})
	case n < 80:
		if name, ok := f.varOf(u); ok {
			return expr{src: name, t: u}
		}
	}
	c := f.num(u, depth-1)
	if c.konst {
		// It may be negative.
		c = f.ident(c)
	}
	return c
}

// unary returns op x.
func (f *fn) unary(op string, x expr) expr {
	if x.konst {
		x = f.ident(x)
	}
	return expr{src: "(" + op + x.src + ")", t: x.t, panics: x.panics}
}

// convert returns a conversion to t of an expression of another numeric
// type. A float converted to an integer type goes through a helper that
// converts only the values the integer type can hold: Go leaves the
// result implementation-specific otherwise.
func (f *fn) convert(t *numType, depth int) expr {
	var from []*numType
	for _, s := range f.g.types {
		if s != t && (s.kind == cmplx) == (t.kind == cmplx) {
			from = append(from, s)
		}
	}
	if t.kind == float && f.intn(4) == 0 {
		// real or imag of a complex value.
		c := pick(f.g, complex64T, complex128T)
		x := f.num(c, depth-1)
		if x.konst {
			x = f.ident(x)
		}
		e := expr{src: pick(f.g, "real", "imag") + "(" + x.src + ")", t: c.component(), panics: x.panics}
		if e.t != t {
			e = expr{src: t.name + "(" + e.src + ")", t: t, panics: e.panics}
		}
		return e
	}
	s := pick(f.g, from...)
	x := f.num(s, depth-1)
	if x.konst {
		x = f.ident(x)
	}
	if t.isInt() && s.kind == float {
		if x.panics {
			x = f.hoist(x)
		}
		return expr{src: f.g.floatToIntName(s, t) + "(" + x.src + ")", t: t}
	}
	return expr{src: t.name + "(" + x.src + ")", t: t, panics: x.panics}
}

// floatToIntName returns the name of the helper converting the float
// type s to the integer type t where Go defines it, and adds it to the
// program. The helper returns 0 for the values t cannot hold (and NaN):
// the bounds are the first values past t's range, exact in s (or
// rounded inwards, which only leaves out a valid value).
func (g *gen) floatToIntName(s, t *numType) string {
	name := "cvt" + s.helperName() + "To" + t.helperName()
	b := t.basic()
	lo, hi := minInt(b.kind, b.bits), maxInt(b.kind, b.bits)
	// lo-1 and hi+1 as exact decimal constants (hi+1 is a power of two);
	// the 64-bit ones do not fit the generator's own integers.
	below, above := fmt.Sprint(lo-1), fmt.Sprint(hi+1)
	switch {
	case b.kind == signed && b.bits == 64:
		below = "-9223372036854775809"
	case b.kind == unsigned && b.bits == 64:
		above = "18446744073709551616"
	}
	g.helper(name, fmt.Sprintf(`// %s converts x to %s if %s holds its integer part, else returns 0.
func %s(x %s) %s {
	if x > %s && x < %s {
		return %s(x)
	}
	return 0
}
`, name, t.name, t.name, name, s.name, t.name, below, above, t.name))
	return name
}

// minMax returns min or max of two or three expressions of type t.
func (f *fn) minMax(t *numType, depth int) expr {
	args := make([]expr, 2+f.intn(2))
	allConst := true
	for i := range args {
		args[i] = f.num(t, depth-1)
		allConst = allConst && args[i].konst
	}
	if allConst {
		args[0] = f.ident(args[0])
	}
	srcs := make([]string, len(args))
	panics := false
	for i, a := range args {
		if a.panics && panics {
			a = f.hoist(a)
		}
		panics = panics || a.panics
		srcs[i] = a.src
	}
	return expr{src: pick(f.g, "min", "max") + "(" + strings.Join(srcs, ", ") + ")", t: t, panics: panics}
}

// mathCall returns a call of a function of package math on float64
// values, converted from and to t when t is another float type. Not
// Copysign or Signbit: they show the sign of a NaN, which Go leaves to
// the hardware and to gc's constant folding.
func (f *fn) mathCall(t *numType, depth int) expr {
	f.g.use("math")
	name := pick(f.g, "Abs", "Sqrt", "Floor", "Ceil", "Trunc", "Round", "RoundToEven", "Mod", "Max", "Min", "Remainder")
	nargs := 1
	switch name {
	case "Mod", "Max", "Min", "Remainder":
		nargs = 2
	}
	srcs := make([]string, nargs)
	for i := range srcs {
		x := f.num(t, depth-1)
		if x.panics {
			x = f.hoist(x)
		}
		srcs[i] = x.src
		if t != float64T {
			srcs[i] = "float64(" + x.src + ")"
		}
	}
	src := "math." + name + "(" + strings.Join(srcs, ", ") + ")"
	if t != float64T {
		src = t.name + "(" + src + ")"
	}
	return expr{src: src, t: t}
}
