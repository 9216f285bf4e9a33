// This file writes the slice functions: slicing (two- and three-index,
// of slices, arrays and pointers to arrays) with bounds that may be out
// of range, indexing, copy and append within the capacity (where the
// result aliases its operand), conversions of slices to arrays, clear.

package progen

import (
	"fmt"
	"strconv"
	"strings"
)

// catchHelper recovers the panic of one block of statements, so that the
// blocks after it run too.
const catchHelper = `// catch, deferred, prints what the block deferring it panicked with.
func catch(label string) {
	if e := recover(); e != nil {
		fmt.Println(label, "panicked:", e)
	}
}
`

// block opens, half of the time, a block of statements whose panic is
// recovered and printed (by catch), and returns the function that closes
// it. Variables declared inside are local to the block.
func (f *fn) block() (end func()) {
	if f.intn(2) == 0 {
		return func() {}
	}
	f.g.helper("catch", catchHelper)
	f.stmt("func() {\ndefer catch(%q)", f.name+" "+f.local("#"))
	return func() { f.stmt("}()") }
}

// elemTypes are the element types of the generated slices, maps' values
// aside: the numeric ones are taken from the program's types.
func (g *gen) elemType() (name string, value func() string) {
	if g.r.IntN(5) == 0 {
		return "string", func() string { return strconv.Quote(pick(g, stringPieces...)) }
	}
	t := pick(g, g.types...)
	return t.name, func() string { return g.value(t) }
}

// lenParam gives f a parameter of a random integer type whose value is a
// length for make: small, negative, or too large for any allocation
// (an edge of a 64-bit type), never large enough to exhaust memory.
func (f *fn) lenParam() string {
	t := pick(f.g, f.g.intTypes()...)
	b := t.basic()
	v := strconv.Itoa(f.intn(9))
	switch n := f.intn(6); {
	case n == 0 && b.kind == signed:
		v = "-1"
	case n == 1 && b.bits == 64:
		v = f.g.edgeName(t, true)
	}
	if f.intn(2) == 0 {
		v = f.ident(expr{src: v, t: t, konst: true}).src
	}
	return f.param(t.name, v)
}

// sliceFunc writes a function on a slice, an array or a pointer to an
// array, with index parameters.
func (g *gen) sliceFunc(name string) string {
	f := g.newFn(name)
	elem, value := g.elemType()
	i, j, k := f.indexParam(), f.indexParam(), f.indexParam()
	values := func(n int) string {
		vs := make([]string, n)
		for x := range vs {
			vs[x] = value()
		}
		return strings.Join(vs, ", ")
	}
	const s, a = "s", "a"
	isArray := false
	switch f.intn(5) {
	case 0:
		f.stmt("%s := make([]%s, %s, %s)", s, elem, f.lenParam(), f.lenParam())
		f.stmt("for x := range %s {\n%s[x] = %s\n}", s, s, value())
	case 1:
		f.stmt("var %s []%s", s, elem)
	case 2:
		n := f.intn(7)
		f.stmt("%s := [%d]%s{%s}", a, n, elem, values(n))
		f.stmt("%s := %s[:]", s, a)
		isArray = true
	default:
		f.stmt("%s := []%s{%s}", s, elem, values(f.intn(7)))
	}
	for _, c := range f.distinct(13, 3+f.intn(5)) {
		end := f.block()
		switch c {
		case 0, 1:
			t := f.local("t")
			f.stmt("%s := %s[%s:%s]", t, s, i, j)
			f.stmt("fmt.Println(%q, len(%s), cap(%s), %s)", f.name+" "+t, t, t, t)
		case 2, 3:
			t := f.local("t")
			f.stmt("%s := %s[%s:%s:%s]", t, s, i, j, k)
			f.stmt("fmt.Println(%q, len(%s), cap(%s), %s)", f.name+" "+t, t, t, t)
		case 4:
			t := f.local("t")
			if isArray {
				// Slicing an array, or a pointer to one, checks the bounds
				// against the array's length.
				f.stmt("%s := %s", t, pick(g, fmt.Sprintf("%s[%s:%s]", a, j, k), fmt.Sprintf("(&%s)[%s:%s:%s]", a, j, k, i)))
			} else {
				f.stmt("%s := %s[:%s]", t, s, k)
			}
			f.stmt("fmt.Println(%q, len(%s), cap(%s), %s)", f.name+" "+t, t, t, t)
		case 5:
			f.stmt("%s[%s] = %s", s, i, value())
			f.stmt("fmt.Println(%q, %s)", f.name+" store", s)
		case 6:
			// One slicing per statement (see expr.panics).
			n, dst, src := f.local("n"), f.local("dst"), f.local("src")
			f.stmt("%s := %s[%s:]\n%s := %s[%s:]\n%s := copy(%s, %s)", dst, s, i, src, s, j, n, dst, src)
			f.stmt("fmt.Println(%q, %s, %s)", f.name+" "+n, n, s)
		case 7:
			// Within the capacity, append writes into s's array; past it,
			// it copies (and the new capacity is the runtime's choice,
			// which the program does not print).
			t := f.local("t")
			f.stmt("%s := append(%s[:%s], %s)", t, s, j, values(1+f.intn(3)))
			f.stmt("fmt.Println(%q, len(%s), %s, %s)", f.name+" "+t, t, t, s)
		case 8:
			n := f.intn(4)
			arr := f.local("arr")
			if f.intn(2) == 0 {
				f.stmt("%s := [%d]%s(%s)", arr, n, elem, s)
				f.stmt("fmt.Println(%q, %s)", f.name+" "+arr, arr)
			} else {
				f.stmt("%s := (*[%d]%s)(%s[%s:])", arr, n, elem, s, i)
				f.stmt("fmt.Println(%q, %s != nil, len(%s))", f.name+" "+arr, arr, arr)
				if n > 0 {
					f.stmt("%s[%d] = %s", arr, n-1, value())
					f.stmt("fmt.Println(%q, %s)", f.name+" through "+arr, s)
				}
			}
		case 9:
			// The range expression is evaluated once; writes to later
			// elements are seen by later iterations.
			x, v := f.local("x"), f.local("v")
			f.stmt("for %s, %s := range %s {\nif %s+1 < len(%s) {\n%s[%s+1] += %s\n}\n}", x, v, s, x, s, s, x, v)
			f.stmt("fmt.Println(%q, %s)", f.name+" ranged", s)
		case 10:
			f.stmt("clear(%s[%s:%s])", s, j, k)
			f.stmt("fmt.Println(%q, %s)", f.name+" cleared", s)
		case 11:
			f.stmt("fmt.Println(%q, %s[%s])", f.name+" index", s, i)
			f.stmt("fmt.Println(%q, %s[len(%s)-1])", f.name+" last", s, s)
		default:
			t := f.local("t")
			f.stmt("%s := %s[%s:%s]", t, s, j, k)
			f.stmt("%s = append(%s, %s)", t, t, value())
			f.stmt("fmt.Println(%q, len(%s), %s, %s)", f.name+" "+t, t, t, s)
		}
		end()
	}
	return f.finish()
}
