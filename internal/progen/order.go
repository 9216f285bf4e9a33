// This file writes the evaluation-order functions: statements that
// read variables which a call of the same statement changes. The
// specification leaves open when such a read happens; gc reads after
// the statement's calls, except len, cap and a call's own operands,
// slice expressions and && and || operators, which it evaluates in
// order with the calls, and a composite literal it converts to an
// interface through its address or compares, which it builds where it
// stands (bridge/evalorder.go, bridge/logicalorder.go); and of an
// assignment that fails on both sides, gc reports the right side's
// failure unless the left side's is a division or a shift
// (bridge/assignorder.go). vssa follows gc, so unlike the other kinds
// these functions print what gc chose.

package progen

import "strings"

// orderFunc writes a function whose statements read a local variable
// (directly, through a pointer, as a slice or map element, in
// composite literals, as a length, as an index of an assignment's left
// side) around calls of a closure that changes it.
func (g *gen) orderFunc(name string) string {
	f := g.newFn(name)
	// Not 8 bits wide: gc converts a one-byte value to an interface
	// through its address, so it copies a variable of the function
	// where it stands, unless escape analysis moved the variable to the
	// heap (its address is taken and escapes); then it reads it after
	// the calls. vssa cannot know escape analysis' verdict, and follows
	// the variable that stays in the frame. Wider integers convert by
	// value, read after the calls either way.
	var types []*numType
	for _, t := range g.intTypes() {
		if t.bits > 8 {
			types = append(types, t)
		}
	}
	t := pick(g, types...)
	x := f.param(t.name, g.value(t))
	y := f.param(t.name, g.value(t))
	v, inc := f.local("v"), f.local("inc")
	f.stmt("%s := %s", v, x)
	f.stmt("%s := func(d %s) %s {\n%s += d\nreturn %s\n}", inc, t.name, t.name, v, v)
	step := func() string { return f.constant(t).operand() }
	call := func() string { return inc + "(" + step() + ")" }
	label := func(what string) string { return f.name + " " + what }
	for _, c := range f.distinct(13, 3+f.intn(4)) {
		switch c {
		case 0:
			f.stmt("fmt.Println(%q, %s, %s, %s)", label("args"), v, call(), v)
		case 1:
			f.stmt("fmt.Println(%q, []%s{%s, %s, %s}, %s)", label("slice literal"), t.name, v, call(), v, call())
		case 2:
			f.stmt("fmt.Println(%q, %s+%s, %s-%s, %s == %s)", label("operands"), v, call(), call(), v, v, call())
		case 3:
			// Pairs are converted to an interface through their address:
			// gc builds them where they stand.
			f.stmt("fmt.Println(%q, [2]%s{%s, %s}, struct{ a, b %s }{%s, %s}, %s)", label("pairs"), t.name, v, call(), t.name, v, call(), v)
		case 4:
			s, set := f.local("s"), f.local("set")
			f.stmt("%s := []%s{%s, %s}\n%s := func() %s {\n%s[0] += %s\nreturn %s[0]\n}", s, t.name, x, y, set, t.name, s, step(), s)
			f.stmt("fmt.Println(%q, %s[0], %s(), %s[0], %s)", label("element"), s, set, s, s)
		case 5:
			m, mod := f.local("m"), f.local("mod")
			f.stmt("%s := map[int]%s{0: %s}\n%s := func() %s {\n%s[0] += %s\nreturn %s[0]\n}", m, t.name, y, mod, t.name, m, step(), m)
			f.stmt("fmt.Println(%q, %s[0], %s(), %s[0])", label("map element"), m, mod, m)
		case 6:
			p := f.local("p")
			f.stmt("%s := &%s\nfmt.Println(%q, *%s, %s, *%s)", p, v, label("pointer"), p, call(), p)
		case 7:
			s, grow := f.local("s"), f.local("grow")
			f.stmt("%s := []%s{%s}\n%s := func() int {\n%s = append(%s, %s)\nreturn len(%s)\n}", s, t.name, x, grow, s, s, y, s)
			f.stmt("fmt.Println(%q, len(%s), %s(), len(%s), %s)", label("len"), s, grow, s, s)
		case 9:
			f.stmt("fmt.Println(%q, %s, %s > 0 && %s > 0, %s, %s < 0 || %s != 0, %s)", label("logical"), v, v, call(), v, v, call(), v)
		case 10:
			s := f.local("s")
			f.stmt("%s := []%s{%s, %s, %s}", s, t.name, x, y, x)
			f.stmt("fmt.Println(%q, %s[%s&1:], %s, %s[%s&1:], %s)", label("slices"), s, v, call(), s, v, v)
		case 11:
			f.stmt("fmt.Println(%q, struct{ a %s }{%s} == struct{ a %s }{%s}, %s, %s)", label("compared literal"), t.name, v, t.name, x, call(), v)
		case 12:
			// An assignment that may panic on both sides: gc evaluates
			// the right side first, but a division or shift of the left
			// side before it, and a map element's whole left side after
			// it (bridge/assignorder.go).
			e, i, j, z := f.local("e"), f.local("i"), f.local("j"), f.local("z")
			f.stmt("%s := make([]struct{ a, b %s }, 3)\n%s, %s, %s := int(%s)%%5, int(%s)%%4, int(%s)%%2\n_ = %s", e, t.name, i, j, z, x, y, x, z)
			lhs := pick(g, e+"["+i+"].a", e+"["+i+"/"+z+"].b", e+"["+i+"<<"+j+"].a", "map[int]"+t.name+"{}["+i+"/"+z+"]", e+"[0].a, "+e+"["+i+"].b")
			rhs := pick(g, e+"["+j+"].b", e+"["+j+"].a / "+t.name+"("+z+")", e+"["+j+"].b << "+j)
			if strings.Contains(lhs, ",") {
				rhs += ", 1" // a tuple
			}
			f.stmt("func() {\ndefer func() { fmt.Println(%q, recover()) }()\n%s = %s\n}()", label("assignment"), lhs, rhs)
		default:
			i, arr, idx := f.local("i"), f.local("arr"), f.local("idx")
			f.stmt("%s := 0\n%s := [3]%s{}\n%s := func() %s {\n%s++\nreturn %s\n}", i, arr, t.name, idx, t.name, i, call())
			f.stmt("%s[%s] = %s()\nfmt.Println(%q, %s, %s)", arr, i, idx, label("left index"), arr, v)
		}
	}
	f.stmt("fmt.Println(%q, %s, %s)", label("end"), call(), v)
	return f.finish()
}
