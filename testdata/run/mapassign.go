// run

// gc performs m[k] op= v (op not / or %), m[k]++ and
// m[k] = append(m[k], …) as one mapassign: on a nil map it panics with
// "assignment to entry in nil map" whatever the key, it hashes an
// unhashable key with the update's error ("runtime error: hash of
// unhashable type []int", not a lookup's "hash of unhashable type:
// []int"), and for append it evaluates the other arguments first, so the
// read sees what they wrote to the map. m[k] /= v and m[k] = m[k] + v
// are a lookup, then an update.
// Found by internal/progen (seed 10418) and by comparing with gc.

package main

import "fmt"

func try(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %T %v\n", name, r, r)
	}()
	f()
}

type key struct {
	a any
	n int
}

func main() {
	var k any = []int{1}
	try("m[k]++ empty", func() { m := map[any]int{}; m[k]++ })
	try("m[k]++ nil", func() { var m map[any]int; m[k]++ })
	try("m[k]++ nil, good key", func() { var m map[any]int; m[1]++ })
	try("m[k]-- non-empty", func() { m := map[any]float64{1: 1}; m[k]-- })
	try("m[k] += s empty", func() { m := map[any]string{}; m[k] += "a" })
	try("m[k] |= 1 nil", func() { var m map[any]uint8; m[k] |= 1 })
	try("m[k] <<= 1 empty", func() { m := map[any]int{}; m[k] <<= 1 })
	try("(m[k]) += 1 empty", func() { m := map[any]int{}; (m[k]) += 1 })
	try("m[struct] += 1 empty", func() { m := map[key]int{}; m[key{k, 1}] += 1 })
	try("m[k] /= 2 nil", func() { var m map[any]int; m[k] /= 2 })
	try("m[k] %= z empty", func() { m := map[any]int{}; z := 0; m[k] %= z })
	try("m[k] = m[k] + 1 empty", func() { m := map[any]int{}; m[k] = m[k] + 1 })
	try("m[k] = m[k] + 1 nil", func() { var m map[any]int; m[k] = m[k] + 1 })
	try("m[k] = append(m[k], 1) empty", func() { m := map[any][]int{}; m[k] = append(m[k], 1) })
	try("m[k] = append(m[k], 1) nil", func() { var m map[any][]int; m[k] = append(m[k], 1) })
	try("m[f()] += g()", func() {
		m := map[any]int{}
		m[func() any { fmt.Println("f"); return k }()] += func() int { fmt.Println("g"); return 1 }()
	})

	// The arguments of append run before the read.
	m := map[int][]int{}
	f := func() int { m[1] = []int{9}; return 5 }
	m[1] = append(m[1], f())
	m[0x2] = append(m[2], f())
	fmt.Println(m)
	var s struct{ m map[int][]int }
	s.m = map[int][]int{}
	h := func() int { s.m[1] = []int{7}; return 1 }
	s.m[1] = append(s.m[1], h())
	fmt.Println(s.m)
	n := map[int]int{}
	g := func() int { n[1] = 100; return 5 }
	n[1] += g()
	n[2] = n[2] + g()
	fmt.Println(n)
}
