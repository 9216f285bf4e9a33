// run

// A String or Error method that panics while fmt prints its value: fmt
// recovers the panic and prints "%!v(PANIC=String method: " with the
// panic value, or "<nil>" for a nil pointer; a panic while printing
// that panic value goes on (found by comparing vssa with gc: vssa
// printed its own record of the panic).

package main

import (
	"errors"
	"fmt"
	"os"
)

type A int

func (A) String() string { panic("p") }

type B int

func (b B) String() string {
	var m map[int]int
	m[int(b)] = 1 // assignment to entry in nil map
	return "unreachable"
}

type E struct{ code int }

func (e *E) Error() string { return fmt.Sprint("code ", e.code) }

type C int

func (c C) String() string { panic(&E{int(c)}) }

type P struct{ x int }

func (p *P) String() string { return fmt.Sprint(p.x) }

type Q struct{ x []int }

func (q Q) String() string { return fmt.Sprint(q.x[3]) }

type V struct{ a, b int }

type W int

func (W) String() string { panic(V{1, 2}) }

type N int

func (N) Error() string { panic(errors.New("nested")) }

type M int

func (M) String() string { panic(N(0)) }

func main() {
	fmt.Println(A(1))
	fmt.Printf("%v|%s|%d\n", A(1), A(2), A(3))
	fmt.Println(B(2))
	fmt.Println(C(7))
	fmt.Println(fmt.Sprint(A(1), "x"), fmt.Sprintf("%10v", A(1)))
	var p *P
	fmt.Println(p)
	var e *E
	var err error = e
	fmt.Println(err)
	fmt.Printf("[%v] [%s]\n", p, err)
	fmt.Println(&P{4})
	fmt.Println(Q{[]int{1}})
	fmt.Println(W(0))
	fmt.Fprintln(os.Stdout, A(1), B(2))
	fmt.Println(fmt.Errorf("wrapped: %v", C(3)))
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(M(0))
}
