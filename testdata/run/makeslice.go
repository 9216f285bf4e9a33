// run

// make([]T, n, m) panics as the runtime's makeslice does: "len out of
// range" for a negative length (also when the capacity is fine), "cap
// out of range" for a capacity below the length, also when the capacity
// is a constant (which go/ssa builds as new([m]T)[:n]).

package main

import "fmt"

//go:noinline
func mk(n, m int) (s []int, err any) {
	defer func() { err = recover() }()
	return make([]int, n, m), nil
}

//go:noinline
func mk3(n int) (s []int, err any) {
	defer func() { err = recover() }()
	return make([]int, n, 3), nil
}

//go:noinline
func mk8(n uint8) (s []byte, err any) {
	defer func() { err = recover() }()
	return make([]byte, n, 200), nil
}

func main() {
	for _, c := range [][2]int{{-1, 3}, {4, 3}, {2, 3}, {-1, -1}, {1, -1}, {1 << 62, 1 << 62}, {0, 1 << 62}} {
		s, err := mk(c[0], c[1])
		fmt.Println(len(s), cap(s), err)
	}
	for _, n := range []int{-1, 0, 3, 4} {
		s, err := mk3(n)
		fmt.Println(len(s), cap(s), err)
	}
	for _, n := range []uint8{0, 200, 201, 255} {
		s, err := mk8(n)
		fmt.Println(len(s), cap(s), err)
	}
}
