// run

// Growing a slice copies its elements: a struct or array element of the
// new slice is not the old one's (found by comparing vssa with gc: the
// interpreter shared them). A receive from a closed channel of structs
// gives a fresh zero value. A panic that real code recovers and raises
// again (sync.OnceFunc does, on every call) is a new panic each time.

package main

import (
	"fmt"
	"slices"
	"sync"
)

type P struct{ X int }

func main() {
	r := [][2]int{{1, 1}}
	r2 := append(r, [2]int{})
	r2[0][0] = 100
	fmt.Println(r[0], r2[0])
	p := []P{{1}}
	p2 := append(p, P{2})
	p2[0].X = 100
	fmt.Println(p[0], p2[0])
	q := make([]P, 1, 1)
	q2 := append(q, P{2})
	q2[0].X = 100
	fmt.Println(q[0], q2[0])
	w := []P{{1}}
	w2 := append(w, w...)
	w2[0].X = 100
	fmt.Println(w[0], w2)
	a := []P{{1}, {2}}
	d := slices.Grow(a, 10)
	d[0].X = 7
	fmt.Println(a, d)
	// Appending inside a range loop: the loop goes on over the old array.
	ps := []P{{10}, {20}, {30}}
	for i, v := range ps {
		if i == 0 {
			ps = append(ps, P{4})
			ps[2].X = -1
		}
		fmt.Print(v.X, " ")
	}
	fmt.Println()

	type S struct{ A, B int }
	ch := make(chan S)
	close(ch)
	v, ok := <-ch
	fmt.Println(v.A, v.B, ok, (<-ch).B)

	h := sync.OnceFunc(func() { panic("oncefunc panic") })
	for range 2 {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			h()
		}()
	}
}
