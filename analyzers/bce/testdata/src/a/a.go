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
		t += s[i+1] // want `bounds check left in a loop: the index is not known to be below the length`
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
