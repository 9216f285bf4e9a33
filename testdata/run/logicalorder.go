// run

// A && or || operator in value context is evaluated where gc's order
// pass reaches it, as a call is, and the statement's other operands
// (index expressions, dereferences, division, variable reads) after it;
// slice expressions, type assertions to types an interface does not
// hold as they are and composite literals that are compared are
// evaluated in order with the calls too. So of two failing operands,
// the operator's panics first, and a variable a call inside it changes
// is read afterwards.

package main

import "fmt"

var g int

func inc() bool { g++; return true }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func id(x int) int { return x }

type T struct{ a, b int }

func try(name string, f func() any) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	fmt.Println(name, f())
}

//go:noinline
func incInt() int { g++; return 0 }

//go:noinline
func boom() int { panic("boom") }

func logical() {
	one := []bool{true}
	ints := []int{7}
	var np *int
	var nilm map[int]bool
	try("callfirst", func() any { return id(ints[0]) + btoi(one[1] && one[2]) + ints[3] })
	try("callidx", func() any { return id(ints[4]) + btoi(one[1] && one[2]) })
	try("multidef", func() any { x, y := ints[3], one[1] && one[2]; return fmt.Sprint(x, y) })
	try("compound", func() any { x := 1; x += ints[3] + btoi(one[1] && one[2]); return x })
	try("compound2", func() any { ints[3] += btoi(one[1] && one[2]); return 0 })
	try("compound3", func() any { g = 1; g += btoi(one[0] && inc()); return g })
	try("nilmap", func() any { nilm[ints[0]] = one[1] && one[2]; return 0 })
	try("deref", func() any { *np = btoi(one[1] && one[2]); return 0 })
	try("deref2", func() any { return *np + btoi(one[1] && one[2]) })
	try("strcat", func() any { s := "x"; return s + fmt.Sprint(ints[3]) + fmt.Sprint(one[1] && one[2]) })
	try("assert", func() any { var e any; return e.(*int) == nil == (one[1] && one[2]) })
	try("assert2", func() any { var e any; return e.(int) == 0 == (one[1] && one[2]) })
	try("defer", func() any { defer fmt.Println(ints[3], one[1] && one[2]); return 0 })
	try("println", func() any { fmt.Println(ints[3], one[1] && one[2]); return 0 })
	try("globalread", func() any { g = 5; return fmt.Sprint(g, one[0] && inc(), g) })
	try("or-true", func() any { g = 5; x := g + btoi(one[0] || inc()); return x })
	try("lookup", func() any { m := map[int]int{1: 2}; g = 1; return m[g] + btoi(one[0] && inc()) })
	try("struct", func() any { t := T{1, 2}; g = 1; return T{g, 2} == t == (one[0] && inc()) })
	try("divz", func() any { z := 0; return 5%z == 0 == (one[1] && one[2]) })
	try("shift", func() any { n := -1; return 1<<n == 0 == (one[1] && one[2]) })
	try("conv", func() any { return float64(ints[3]) == 0 == (one[1] && one[2]) })
	try("closure", func() any { x := 1; f := func() bool { x = 9; return true }; return x + btoi(one[0] && f()) })
	try("nested2", func() any { return ints[2] + btoi(one[0] && (ints[1] == btoi(one[3] || one[0]))) })
	try("ifcond", func() any {
		if ints[2] == btoi(one[1] && one[2]) {
			return 1
		}
		return 0
	})
	try("switch", func() any {
		switch ints[2] == btoi(one[1] && one[2]) {
		case true:
			return 1
		}
		return 0
	})
	try("return2", func() any { f := func() (int, bool) { return ints[3], one[1] && one[2] }; a, _ := f(); return a })
	try("newarr", func() any { return [3]int{ints[3], btoi(one[1] && one[2]), ints[5]} })
	try("chainmixed", func() any { return btoi(one[0] && inc()) + ints[g] + btoi(one[0] && inc()) })
	try("send", func() any { c := make(chan bool, 1); c <- ints[3] == 0 == (one[1] && one[2]); return 0 })
}

func inOrder() {
	five := []int{1, 2, 3, 4, 5}
	var e any
	t := T{1, 2}
	try("slice-call", func() any { return five[10:][boom()] })
	try("slice-call2", func() any { return five[10:][0] + boom() })
	try("slice-arg", func() any { return fmt.Sprint(five[10:], boom()) })
	try("str-slice", func() any { s := "abc"; return s[5:] + fmt.Sprint(boom()) })
	try("assert-direct", func() any { return e.(*int) == nil == (boom() == 0) })
	try("assert-iface", func() any { return e.(fmt.Stringer) == nil == (boom() == 0) })
	try("struct-cmp", func() any { g = 1; return T{g, 2} == t == (incInt() == 0) })
	try("struct-cmp2", func() any { g = 1; return t == T{g, 2} == (incInt() == 0) })
	try("bytes", func() any { s := "abc"; g = 1; return len([]byte(s[g:])) + incInt() })
	try("min", func() any { g = 1; return min(g, 10) + incInt() })
	try("new", func() any { g = 1; p := new(int); *p = g; return *p + incInt() })
	try("println", func() any { g = 1; fmt.Println(g, incInt(), g); return 0 })
	try("idx-call", func() any { return five[7] + boom() })
}

func main() {
	logical()
	inOrder()
}
