// run

// sync.OnceValue and sync.OnceValues of the program's types: generic,
// so without a real instantiation; f runs once, its results are copied
// out on every call, and its panic comes back on every call.

package main

import (
	"errors"
	"fmt"
	"sync"
)

type point struct{ x, y int }

type myErr struct{ msg string }

func (e *myErr) Error() string { return e.msg }

func try(name string, f func()) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f()
}

func main() {
	calls := 0
	p := sync.OnceValue(func() point { calls++; return point{1, 2} })
	a := p()
	a.x = 100
	fmt.Println(p(), a, calls)

	arr := sync.OnceValue(func() [3]int { calls++; return [3]int{7, 8, 9} })
	b := arr()
	b[0] = 0
	fmt.Println(arr(), b, calls)

	v := sync.OnceValues(func() (*point, error) { calls++; return &point{3, 4}, &myErr{"bad"} })
	q1, err1 := v()
	q2, err2 := v()
	var me *myErr
	fmt.Println(q1 == q2, *q1, err1 == err2, errors.As(err1, &me), me.msg, calls)

	boom := sync.OnceValue(func() int { calls++; panic("boom") })
	try("first", func() { boom() })
	try("second", func() { boom() })
	fmt.Println("calls", calls)

	errp := sync.OnceValues(func() (int, error) { panic(&myErr{"typed"}) })
	try("typed", func() { errp() })

	var wg sync.WaitGroup
	n := 0
	shared := sync.OnceValue(func() []int { n++; return []int{n} })
	for range 20 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = shared() }()
	}
	wg.Wait()
	s := shared()
	s[0] = 5 // a slice shares its array, as in Go
	fmt.Println(n, shared())
}
