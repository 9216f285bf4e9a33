// This file writes the defer/recover/panic functions: chains of calls
// whose deferred functions print, recover (directly, or not directly so
// that recover returns nil), panic again, change named results, and see
// the variables as they are when they run while their arguments were
// evaluated at the defer statement.

package progen

import (
	"fmt"
	"strconv"
)

// recoverHelper calls recover for a deferred function: deferred itself,
// it recovers; called by a deferred function, it gets nil.
const recoverHelper = `// recovered returns recover(): the panic's value when it is the deferred
// function, nil when a deferred function calls it.
func recovered() any { return recover() }
`

// deferFunc writes a chain of one to three functions, each calling the
// next, and returns main's call of the first, which prints its result.
func (g *gen) deferFunc(name string) string {
	levels := 1 + g.r.IntN(3)
	for k := levels - 1; k >= 0; k-- {
		g.deferLevel(name, k, levels, false)
	}
	arg := strconv.Itoa(g.r.IntN(12) - 3)
	return fmt.Sprintf("try(%q, func() { fmt.Println(%q, %s(%s)) })", name, name+" returned", name, arg)
}

// levelName returns the name of level k of the chain name: name, name_1, …
func levelName(name string, k int) string {
	if k == 0 {
		return name
	}
	return fmt.Sprintf("%s_%d", name, k)
}

// deferLevel writes level k of the chain name:
//
//	func name_k(p int) (r int) { actions }
//
// where the actions defer functions, change p and r, call the next
// level and may panic. In an unrecovered chain (printed), the first
// level ends with a panic and its deferred functions do not recover it.
func (g *gen) deferLevel(name string, k, levels int, printed bool) {
	final := printed && k == 0
	f := g.newFn(levelName(name, k))
	f.printedPanics = printed
	label := func(what string) string { return strconv.Quote(f.name + " " + what) }
	n := 2 + f.intn(5)
	for a := range n {
		last := a == n-1
		switch c := f.intn(20); {
		case c < 7:
			f.deferHandler(label, final)
		case c < 9:
			f.stmt("defer fmt.Println(%s, p, r)", label("deferred with arguments"))
		case c < 11:
			f.stmt("p = p*%d + %d", 2+f.intn(3), f.intn(5))
		case c < 14 && k+1 < levels:
			f.stmt("r += %s(p + %d)", levelName(name, k+1), f.intn(3))
			f.stmt("fmt.Println(%s, r)", label("called"))
		case c < 16:
			f.stmt("if p%%%d == %d {\n%s\n}", 2+f.intn(3), f.intn(2), f.panicStmt(label))
		case c < 17:
			x := f.local("x")
			f.stmt("for %s := range %d {\ndefer func() { fmt.Println(%s, %s, p) }()\n}", x, 1+f.intn(3), label("loop"), x)
		case c < 18:
			f.stmt("defer func(x int) { fmt.Println(%s, x, p, r) }(p)", label("argument"))
		default:
			f.stmt("r = p * %d", f.intn(7))
		}
		if last && (final || f.intn(3) == 0) {
			f.stmt("%s", f.panicStmt(label))
		}
	}
	f.stmt("return r + p")
	g.addFunc(fmt.Sprintf("func %s(p int) (r int) {\n%s}\n", f.name, f.body.String()))
}

// deferHandler writes a deferred function of a random kind. In a chain
// that must end in an unrecovered panic (final), it does not recover.
func (f *fn) deferHandler(label func(string) string, final bool) {
	kinds := 11
	if final {
		kinds = 4
	}
	switch f.intn(kinds) {
	case 0:
		f.stmt("defer func() { fmt.Println(%s, p, r) }()", label("deferred"))
	case 1:
		f.g.helper("recovered", recoverHelper)
		// Not called directly by the deferred function: nil.
		f.stmt("defer func() { fmt.Println(%s, recovered()) }()", label("indirect recover"))
	case 2:
		f.stmt("defer func() { panic(%s) }()", f.panicValue(label))
	case 3:
		f.stmt("defer func() {\ndefer func() { fmt.Println(%s) }()\nfmt.Println(%s, p)\n}()", label("inner"), label("outer"))
	case 4, 5:
		f.stmt("defer func() {\ne := recover()\nfmt.Println(%s, e)\nif e != nil {\nr = %d\n}\n}()", label("recovered"), f.intn(100))
	case 6:
		repanic := "e"
		if f.intn(2) == 0 {
			repanic = fmt.Sprintf("fmt.Sprint(%s, e)", label("again:"))
		}
		f.stmt("defer func() {\nif e := recover(); e != nil {\nfmt.Println(%s, e)\npanic(%s)\n}\n}()", label("recovered, panicking again"), repanic)
	case 7:
		f.g.helper("recovered", recoverHelper)
		// Deferred itself: it recovers, and the value is dropped.
		f.stmt("defer recovered()")
	case 8:
		f.stmt("defer func() {\ndefer func() { fmt.Println(%s, recover()) }()\nfmt.Println(%s)\n}()", label("nested recover"), label("outer"))
	case 9:
		f.stmt("defer func() { fmt.Println(%s, recover(), recover()) }()", label("recover twice"))
	default:
		f.stmt("defer func() {\nif recover() != nil {\nr, p = -r, -p\n}\n}()")
	}
}

// panicValue returns a value to panic with: a string, an int, a float,
// an error, nil.
//
// The runtime prints a chain of unrecovered panics skipping a panic
// whose interface value has the same words as the next one's: the same
// type and the same data pointer, which gc shares between equal
// constants, and between small integers (up to 255, from a static
// table), but not between other values made at run time. In a chain
// that is printed (printedPanics) there are no ints and floats made at
// run time, so that only the sharing of constants (which does not depend
// on gc's optimisations) decides the output.
func (f *fn) panicValue(label func(string) string) string {
	n := f.intn(8)
	if f.printedPanics && (n == 2 || n == 3) {
		n = 0
	}
	switch n {
	case 0, 1:
		return label("panic")
	case 2:
		return "p"
	case 3:
		return "float64(p) / 4"
	case 4:
		return fmt.Sprintf("fmt.Errorf(\"%%s %%d\", %s, p)", label("error"))
	case 5:
		f.g.use("errors")
		return "errors.New(" + label("errors.New") + ")"
	case 6:
		return "fmt.Sprint(" + label("p=") + ", p)"
	}
	return "nil"
}

// panicStmt returns a statement that panics: panic with a value, or a
// run-time error (division by zero, index out of range, nil map, failed
// type assertion, nil dereference, negative shift, comparison of
// uncomparable values).
func (f *fn) panicStmt(label func(string) string) string {
	switch f.intn(11) {
	case 0:
		return fmt.Sprintf("r = r / %s(p - p)", f.g.identName(intT))
	case 6:
		// Interfaces holding different types are unequal; equal
		// uncomparable types panic.
		return "var e1, e2, e3 any = p, []int{p}, []int{p}\nif e1 == e2 || e2 == e3 {\nr++\n}"
	case 1:
		return "var arr [3]int\nr = arr[p+3]"
	case 2:
		return "var m map[int]int\nm[p] = r"
	case 3:
		return "var e any = p\nr = len(e.(string))"
	case 4:
		return "var q *int\nr = *q"
	case 5:
		return "r = r << (p - 100)"
	}
	return "panic(" + f.panicValue(label) + ")"
}

// finalPanic writes a chain whose first function panics out of main, and
// returns main's last statement, which calls it; or, sometimes, main
// ends with os.Exit, which runs no deferred function.
func (g *gen) finalPanic(name string) string {
	if g.r.IntN(5) == 0 {
		g.use("os")
		return fmt.Sprintf("defer fmt.Println(%q)\nos.Exit(%d)", "not printed", 1+g.r.IntN(5))
	}
	levels := 1 + g.r.IntN(2)
	for k := levels - 1; k >= 0; k-- {
		g.deferLevel(name, k, levels, true)
	}
	return fmt.Sprintf("%s(%d)", name, g.r.IntN(5))
}
