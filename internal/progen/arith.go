// This file writes the numeric functions: expressions over integers of
// every width and signedness, floats and complex numbers, compound
// assignments, loops that wrap around, comparisons and conversions, each
// result printed as soon as it is computed.

package progen

import (
	"fmt"
	"strings"
)

// param gives f a parameter of type typ, for which main passes arg, and
// returns its name.
func (f *fn) param(typ, arg string) string {
	name := fmt.Sprintf("p%d", len(f.decls))
	f.decls = append(f.decls, name+" "+typ)
	f.args = append(f.args, arg)
	return name
}

// numParams gives f n parameters of random types among types, with
// random values.
func (f *fn) numParams(n int, types []*numType) {
	for range n {
		t := pick(f.g, types...)
		f.vars = append(f.vars, variable{f.param(t.name, f.g.value(t)), t})
	}
}

// finish adds f to the program and returns main's call of it.
func (f *fn) finish() string {
	noinline := ""
	if f.intn(2) == 0 {
		// Half the functions are inlined into main by gc, where its
		// constant folding sees main's constant arguments.
		noinline = "//go:noinline\n"
	}
	f.g.addFunc(fmt.Sprintf("%sfunc %s(%s) {\n%s}\n", noinline, f.name, strings.Join(f.decls, ", "), f.body.String()))
	return tryCall(f.name, f.args)
}

// show prints the variable name of type t, with fmt.Println, fmt.Printf
// with a random verb, or the println built-in (to stderr, in the
// runtime's own format).
func (f *fn) show(name string, t *numType) {
	label := f.name + " " + name
	switch n := f.intn(20); {
	case n < 14:
		f.stmt("fmt.Println(%q, %s)", label, name)
	case n < 17:
		f.stmt("fmt.Printf(%q, %s)", label+" "+f.verb(t)+"\n", name)
	default:
		f.stmt("println(%q, %s)", label, name)
	}
}

// verb returns a random fmt verb for a value of type t.
func (f *fn) verb(t *numType) string {
	switch t.kind {
	case signed, unsigned:
		return pick(f.g, "%d", "%x", "%X", "%o", "%O", "%b", "%c", "%q", "%U", "%v", "%+d", "%08d", "%-6d|", "%#x", "%5d")
	case float:
		return pick(f.g, "%v", "%g", "%e", "%E", "%f", "%.2f", "%8.3g", "%x", "%X", "%b", "%+.3e", "%G", "%.0f", "%06.1f")
	}
	return pick(f.g, "%v", "%.2f", "%g", "%e", "%.3g")
}

// arithFunc writes a function computing numeric expressions of all the
// program's types from its parameters.
func (g *gen) arithFunc(name string) string {
	f := g.newFn(name)
	f.numParams(1+f.intn(4), g.types)
	for range 3 + f.intn(5) {
		f.arithStmt(pick(g, g.types...))
	}
	return f.finish()
}

// convertFunc writes a function converting its parameters through
// chains of numeric types.
func (g *gen) convertFunc(name string) string {
	f := g.newFn(name)
	f.numParams(1+f.intn(3), g.types)
	for range 3 + f.intn(5) {
		t := pick(g, g.types...)
		r := f.local("r")
		e := f.convert(t, 1+f.intn(3))
		f.declare(r, e)
		f.show(r, t)
	}
	return f.finish()
}

// floatTypes are the program's float types.
func (g *gen) floatTypes() []*numType {
	var ts []*numType
	for _, t := range g.types {
		if t.kind == float {
			ts = append(ts, t)
		}
	}
	return ts
}

// floatFunc writes a function on floats, where NaN, ±Inf and -0 are
// most likely: comparisons (NaN is unordered, -0 == +0), min and max,
// and arithmetic.
func (g *gen) floatFunc(name string) string {
	f := g.newFn(name)
	f.numParams(2+f.intn(3), g.floatTypes())
	for range 3 + f.intn(5) {
		t := pick(g, g.floatTypes()...)
		if f.intn(2) == 0 {
			f.compare(t, 2)
		} else {
			f.arithStmt(t)
		}
	}
	return f.finish()
}

// arithStmt writes one statement computing a value of type t, and prints
// the value.
func (f *fn) arithStmt(t *numType) {
	switch n := f.intn(100); {
	case n < 5 && t.kind == signed:
		f.minIntDivide(t)
	case n < 45:
		r := f.local("r")
		f.declare(r, f.num(t, 1+f.intn(3)))
		f.show(r, t)
	case n < 60:
		f.compare(t, 1+f.intn(2))
	case n < 78:
		f.compound(t)
	case n < 90 && t.isInt():
		f.accumulate(t)
	case t.isInt():
		f.rangeInt(t)
	default:
		r := f.local("r")
		f.declare(r, f.num(t, 2))
		f.show(r, t)
	}
}

// minIntDivide prints the quotient and the remainder of the minimum of
// the signed type t by -1, which overflow (to the minimum and 0) rather
// than panic; the operands are variables or constants (not both: that
// would be a constant expression, whose overflow is a compile error).
func (f *fn) minIntDivide(t *numType) {
	minimum := expr{src: f.g.edgeName(t, false), t: t, konst: true}
	minusOne := expr{src: "-1", t: t, konst: true}
	if f.intn(2) == 0 {
		minimum = f.ident(minimum)
	}
	if minimum.konst || f.intn(2) == 0 {
		minusOne = f.ident(minusOne)
	}
	q, r := f.local("q"), f.local("r")
	f.stmt("%s := %s / %s", q, minimum.asTyped().src, minusOne.operand())
	f.stmt("%s := %s %% %s", r, minimum.asTyped().src, minusOne.operand())
	f.stmt("fmt.Println(%q, %s, %s)", f.name+" "+q+" "+r, q, r)
}

// compare prints the comparisons of two expressions of type t: == and
// != for complex numbers, all six for the others.
func (f *fn) compare(t *numType, depth int) {
	l, r := f.num(t, depth), f.num(t, depth)
	a, b := f.local("a"), f.local("b")
	f.declare(a, l)
	f.declare(b, r)
	ops := []string{"==", "!=", "<", "<=", ">", ">="}
	if t.kind == cmplx {
		ops = ops[:2]
	}
	var cmps []string
	for _, op := range ops {
		cmps = append(cmps, a+" "+op+" "+b)
	}
	f.stmt("fmt.Println(%q, %s, %s, %s)", f.name+" "+a+" "+b, a, b, strings.Join(cmps, ", "))
}

// compound writes an assignment operation (+=, <<=, /=, …) or an
// increment on a variable of type t, declaring it if there is none.
func (f *fn) compound(t *numType) {
	name, ok := f.varOf(t)
	if !ok {
		name = f.local("r")
		f.declare(name, f.leaf(t))
	}
	ops := []string{"+", "-", "*", "/", "++", "--"}
	if t.isInt() {
		ops = append(ops, "%", "&", "|", "^", "&^", "<<", ">>")
	}
	var operand expr
	op := pick(f.g, ops...)
	switch op {
	case "++", "--":
		f.stmt("%s%s", name, op)
		f.show(name, t)
		return
	case "<<", ">>":
		operand = f.shiftCount(2)
	default:
		operand = f.num(t, 1+f.intn(2))
		if (op == "/" || op == "%") && operand.zero && t.isInt() {
			operand = f.ident(operand)
		}
	}
	f.stmt("%s %s= %s", name, op, operand.src)
	f.show(name, t)
}

// accumulate writes a loop whose accumulator of the integer type t wraps
// around.
func (f *fn) accumulate(t *numType) {
	acc := f.local("acc")
	f.declare(acc, f.leaf(t))
	i := f.local("i")
	var next string
	if op := pick(f.g, "*", "+", "-", "^", "<<"); op == "<<" {
		next = fmt.Sprintf("%s = %s<<%s | %s(%s)", acc, acc, i, t.name, i)
	} else {
		step := f.num(t, 1)
		if step.panics {
			step = f.hoist(step)
		}
		next = fmt.Sprintf("%s = %s%s%s + %s(%s)", acc, acc, op, step.operand(), t.name, i)
	}
	f.stmt("for %s := range %d {\n%s\n}", i, 2+f.intn(70), next)
	f.show(acc, t)
}

// rangeInt writes a range loop over an integer of type t, whose
// iteration variable has type t, bounded so that it stays short.
func (f *fn) rangeInt(t *numType) {
	n := f.num(t, 1)
	if n.panics {
		n = f.hoist(n)
	}
	if n.konst {
		n = f.ident(n)
	}
	count, sum := f.local("count"), f.local("sum")
	i := f.local("i")
	f.stmt("%s, %s := 0, %s(0)", count, sum, t.name)
	f.stmt("for %s := range min(%s, 9) {\n%s++\n%s += %s * %s\n}", i, n.src, count, sum, i, i)
	f.vars = append(f.vars, variable{sum, t})
	f.stmt("fmt.Println(%q, %s, %s)", f.name+" "+count+" "+sum, count, sum)
}
