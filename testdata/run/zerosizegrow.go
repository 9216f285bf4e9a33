// run

// Slices and channels of zero-size elements take no memory: append
// grows their capacity to the length exactly (the runtime's growslice),
// and make(chan T, n) of such a T never panics for n ≥ 0, where a buffer
// of other elements panics once it exceeds the allocation limit.

package main

import "fmt"

func main() {
	s := make([]struct{}, 1000)
	s = append(s, struct{}{})
	fmt.Println(len(s), cap(s))
	var t [][0]int
	for i := 0; i < 5; i++ {
		t = append(t, [0]int{})
		fmt.Print(cap(t), " ")
	}
	fmt.Println()
	t = append(t, make([][0]int, 100)...)
	fmt.Println(len(t), cap(t))
	c := make(chan struct{}, 1<<20)
	fmt.Println(cap(c))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		n := 1 << 46
		_ = make(chan [8]byte, n)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		n := -1
		_ = make(chan struct{}, n)
	}()
}
