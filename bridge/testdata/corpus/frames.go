// Calls whose frames the interpreter reuses once they return: deep
// recursion, callees of different sizes taking turns, and panics that
// leave frames behind. (That a reused frame keeps nothing reachable is
// tested in package interp: a finalizer here would run in the mutation
// suite's process, where all programs share Go's one finalizer goroutine
// and a mutant's finalizer that blocks stops every later one.)
package main

//go:noinline
func rec(x int) int {
	if x == 0 {
		return 9
	}
	return rec(x-1) + 1
}

// small and big have few and many registers; each calls the other, so
// a frame is reused by a call that needs more, or fewer, registers.
//
//go:noinline
func small(n int) int {
	if n <= 0 {
		return 1
	}
	return big(n-1) + 1
}

//go:noinline
func big(n int) int {
	a, b, c, d, e, f, g, h := n, n+1, n+2, n+3, n+4, n+5, n+6, n+7
	s := a*b + c*d + e*f + g*h
	if n <= 0 {
		return s
	}
	return small(n-1) + s%7
}

//go:noinline
func fail(depth int) int {
	if depth == 0 {
		panic("deep")
	}
	return fail(depth-1) + 1
}

// recovers calls fail, whose frames the panic leaves, then makes more
// calls, which must find their registers zeroed and their own.
func recovers(depth int) (r int) {
	defer func() {
		if v := recover(); v != nil {
			r = -rec(depth)
		}
	}()
	return fail(depth)
}

func main() {
	for i := 0; i < 200; i += 37 {
		println("rec", i, rec(i))
	}
	println("small", small(50), "big", big(51))
	println("recovers", recovers(10), recovers(3))
	println("after panics", rec(20), small(7))
}
