// run

// make with a bad length (negative, or too large as an unsigned value)
// and a good capacity panics with "makeslice: len out of range".
// Found by internal/progen (seed 113 and others), with and without passes.

package main

import "fmt"

//go:noinline
func v(x int) int { return x }

//go:noinline
func u(x uint64) uint64 { return x }

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

func main() {
	try(func() { fmt.Println(len(make([]int, v(-1), v(7)))) })
	try(func() { fmt.Println(len(make([]int, u(1<<64-1), v(7)))) })
}
