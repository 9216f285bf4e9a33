// Variables that trade values around loops: in SSA form their phis read
// each other, so leaving SSA form needs the copies on the back edges
// ordered, and a temporary for each cycle of swaps.
package main

// swap2 swaps two variables n times.
func swap2(a, b, n int) (int, int) {
	for i := 0; i < n; i++ {
		a, b = b, a
	}
	return a, b
}

// rotate3 rotates three variables n times.
func rotate3(a, b, c string, n int) string {
	for i := 0; i < n; i++ {
		a, b, c = b, c, a
	}
	return a + b + c
}

// fib keeps two values that the loop shifts, one of them a sum.
func fib(n int) int {
	a, b := 0, 1
	for i := 0; i < n; i++ {
		a, b = b, a+b
	}
	return a
}

// swapIf swaps on some iterations only, and two pairs at once on others.
func swapIf(xs []int) (int, int, int, int) {
	p, q, r, s := 1, 2, 3, 4
	for i, x := range xs {
		switch {
		case x%2 == 0:
			p, q = q, p
		case x%3 == 0:
			p, q, r, s = q, p, s, r
		default:
			r, s = s+i, r
		}
	}
	return p, q, r, s
}

func main() {
	println(swap2(1, 2, 3))
	println(swap2(1, 2, 4))
	println(rotate3("a", "b", "c", 5))
	println(fib(10), fib(50))
	println(swapIf([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}))
}
