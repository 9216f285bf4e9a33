// run

// In a plain assignment gc evaluates the whole right side before the
// left side's indices, dereferences and their checks (and a compound
// assignment's left side first): of a failing index or nil pointer on
// each side, the right side's panics first. Bridged as go/ssa builds
// it, the left side's address came first.

package main

import "fmt"

type P struct{ X, Y int }

type H struct{ s []int }

var g = []int{1, 2, 3}

func shrink() int { g = g[:1]; return 7 }

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
	fmt.Println(name, "no panic")
}

func main() {
	s := make([]P, 3)
	a := make([]int, 3)
	i, j, zero := 10, 20, 0
	arr := &[3]P{}
	var arr2 [3]int
	var np *P
	var nh *H
	var ni *int
	ss := [][]int{{1}, {2}}
	ps := []*P{nil}
	var m map[int][]int
	try("field of slice element", func() { s[i].X = a[j] })
	try("field of array element", func() { arr[i].X = a[j] })
	try("array element", func() { arr2[i%4+2] = a[j] })
	try("field of nil pointer", func() { np.X = a[j] })
	try("slice through nil pointer", func() { nh.s[i] = a[j] })
	try("outer index", func() { ss[i][0] = a[j] })
	try("inner index", func() { ss[0][i] = a[j] })
	try("slice element", func() { a[i] = a[j] })
	try("nil pointer", func() { *ni = a[j] })
	try("right side nil", func() { s[i].X = *ni })
	try("right side division", func() { s[i].X = 1 / zero })
	try("composite literal", func() { s[i] = P{X: a[j]} })
	try("array composite literal", func() { arr[i] = P{a[j], 0} })
	try("tuple, failing left first", func() { s[i].X, a[0] = a[j], 1 })
	try("tuple, failing left second", func() { a[0], s[i].X = 1, a[j] })
	try("element of a nil pointer", func() { ps[0].X = a[j] })
	try("index of pointers", func() { ps[i].X = a[j] })
	try("map element's index", func() { m[i][0] = a[j] })
	try("compound", func() { s[i].X += a[j] })
	try("compound through nil", func() { np.X += a[j] })
	try("increment", func() { s[i].X++ })
	try("call on the right", func() { g[2] = shrink() })
	g = []int{1, 2, 3}
	try("call and index on the right", func() { s[i].Y = shrink() + a[j] })
	try("len on the left", func() { a[len(g)-i] = a[j] })
	x := []P{{1, 2}}
	try("in range", func() { x[0].Y = x[0].X + 5 })
	fmt.Println(x, a, s[0], arr[0], arr2)
}

// The left side's divisions and shifts, and what they read, come
// before the right side; a map element's whole left side after it.
func init() {
	a := make([]int, 3)
	b := make([]int, 3)
	s := make([]P, 3)
	i, j, zero, neg := 10, 20, 0, -1
	var ni *int
	var nh *H
	m := map[int]int{}
	ms := []map[int]int{{}}
	mm := map[int]map[int]int{}
	pp := []*int{nil}
	try("division", func() { a[i/zero] = a[j] })
	try("division, field", func() { s[i/zero].X = a[j] })
	try("division through nil", func() { nh.s[i/zero] = a[j] })
	try("remainder, right side nil", func() { a[i%zero] = *ni })
	try("shift", func() { a[i<<neg] = a[j] })
	try("shift, field", func() { s[1<<neg].X = a[j] })
	try("division inside an index", func() { a[b[i/zero]] = a[j] })
	try("division of an element", func() { a[b[1]/zero] = a[j] })
	try("division of a failing element", func() { a[b[i]/zero] = a[j] })
	try("index of an index", func() { a[b[i]] = a[j] })
	try("dereference as index", func() { a[*ni] = a[j] })
	try("through an element pointer", func() { *pp[i] = a[j] })
	try("sum as index", func() { a[len(b)+i] = a[j] })
	try("tuple, index of an index", func() { a[b[i]], a[0] = a[j], 1 })
	try("map key division", func() { m[i/zero] = a[j] })
	try("map key index", func() { m[b[i]] = a[j] })
	try("map key dereference", func() { m[*ni] = a[j] })
	try("map of a failing element", func() { ms[i][1] = a[j] })
	try("map of a division", func() { ms[i/zero][1] = a[j] })
	try("nested map key division", func() { mm[1][i/zero] = a[j] })
	try("map literal's key division", func() { map[int]int{}[i/zero] = a[j] })
	try("element of a slice literal", func() { []int{1}[i] = a[j] })
}
