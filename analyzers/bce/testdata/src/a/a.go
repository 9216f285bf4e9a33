package a

// sum has no check left: i < len(s) bounds i.
//
//vssa:bce
func sum(s []int) int {
	t := 0
	for i := 0; i < len(s); i++ {
		t += s[i]
	}
	return t
}

// pairs reads s[i+1], which the loop's condition does not bound.
//
//vssa:bce
func pairs(s []int) int {
	t := 0
	for i := 0; i < len(s); i++ {
		t += s[i+1] // want `bounds check left in a loop: the index is not known to be below the length$`
	}
	return t
}

// window slices s[i:n] for an n the loop knows nothing of.
//
//vssa:bce
func window(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += len(s[i:n]) // want `slice bounds check left in a loop: the bounds are not known to be in order within the capacity`
	}
	return t
}

// unmarked is not reported without -bce.all.
func unmarked(s []int) int {
	t := 0
	for i := 0; i < len(s); i++ {
		t += s[i+1]
	}
	return t
}

// outside a loop, a check is not reported.
//
//vssa:bce
func first(s []int) int {
	return s[0]
}

// upTo counts to n: the hint _ = s[n-1] bounds every index below n.
//
//vssa:bce
func upTo(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s[i] // want `bounds check left in a loop: the index is not known to be below the length; _ = s\[n-1\] before the loop removes it`
	}
	return t
}

// rangeInt ranges over n, with a label on the loop.
//
//vssa:bce
func rangeInt(s []byte, n int) (c int) {
outer:
	for i := range n {
		if s[i] == 0 { // want `_ = s\[n-1\] before the loop removes it`
			break outer
		}
		c++
	}
	return c
}

// copyTo writes dst[i] for each index of src: _ = dst[len(src)-1].
//
//vssa:bce
func copyTo(dst, src []int) {
	for i := range src {
		dst[i] = src[i] // want `_ = dst\[len\(src\)-1\] before the loop removes it`
	}
}

// eight has a literal bound: _ = s[7].
//
//vssa:bce
func eight(s []uint64) (x uint64) {
	for i := 0; 8 > i; i++ {
		x ^= s[i] // want `_ = s\[7\] before the loop removes it`
	}
	return x
}

// shadowed declares its bound in the loop's init: a hint before the
// loop would read another n, so none is offered.
//
//vssa:bce
func shadowed(s []int, n int) int {
	t := 0
	for i, n := 0, n/2; i < n; i++ {
		t += s[i] // want `bounds check left in a loop: the index is not known to be below the length$`
	}
	return t
}

// changing grows its bound in the loop: no hint before the loop bounds
// it, and none is offered.
//
//vssa:bce
func changing(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s[i] // want `bounds check left in a loop: the index is not known to be below the length$`
		if t > 100 {
			n++
		}
	}
	return t
}

// reversed indexes s from the other end: the hint bounds n-1-i too.
//
//vssa:bce
func reversed(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s[n-1-i] // want `the index is not known to be below the length; _ = s\[n-1\] before the loop removes it`
	}
	return t
}
