// run

// Pointers to zero-size variables compare as gc's do: inside one object
// by offset (all elements of an array of zero-size elements, and
// zero-size fields at one offset, share an address), and every escaping
// zero-size allocation, like every zero-size package-level variable, is
// runtime.zerobase, while two variables whose addresses are only
// compared stay in the frame, where gc folds the comparison to false.
// Map keys agree.

package main

type S struct {
	a  int
	z1 struct{}
	z2 struct{}
	b  int
}

var (
	x      [10][0]byte
	y      = make([]struct{}, 10)
	g1, g2 [0]int
	p, q   = new([0]int), new([0]int)
	h1, h2 *struct{}
)

func main() {
	println(&x[1] == &x[2], &x[0] == &x[9])
	println(&y[1] == &y[2], &y[3:][0] == &y[0], &y[2:5][1] == &y[7])
	var s S
	println(&s.z1 == &s.z2)
	ps := new(S)
	println(&ps.z1 == &ps.z2, &ps.z1 != &ps.z2)
	println(p == q, &g1 == p, &g2 == q, p != &g1)
	h1, h2 = new(struct{}), new(struct{})
	println(h1 == h2)
	m := map[*[0]int]int{}
	m[p] = 1
	m[q] = 2
	m[&g1] = 3
	println(len(m), m[p])
	o1, o2 := struct{}{}, [0]int{}
	o3 := struct{}{}
	println(&o1 == &o3, &o1 != &o3, &o2 == &o2)
	if &g1 != &g2 {
		// gc folds this comparison of two symbols' addresses; its result
		// is not used, so the interpreter need not know it.
	}
}
