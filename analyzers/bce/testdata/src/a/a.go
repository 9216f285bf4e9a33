package a

import "math/bits"

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

// upTo counts to n: the hint _ = s[n-1] bounds every index below n,
// but panics for n = 0 (upTo(nil, 0) returns 0): named, not a fix.
//
//vssa:bce
func upTo(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s[i] // want `bounds check left in a loop: the index is not known to be below the length; _ = s\[n-1\] before the loop removes it \(not offered as a fix: it panics before the loop when n > len\(s\), and when n < 1, where the loop does not run\)$`
	}
	return t
}

// rangeInt ranges over n, with a label on the loop. It may stop before
// s[n-1] (rangeInt([]byte{0}, 5) returns 0): no fix.
//
//vssa:bce
func rangeInt(s []byte, n int) (c int) {
outer:
	for i := range n {
		if s[i] == 0 { // want `_ = s\[n-1\] before the loop removes it \(not offered as a fix`
			break outer
		}
		c++
	}
	return c
}

// copyTo writes dst[i] for each index of src: where it does not panic,
// len(src) ≤ len(dst), and dst = dst[:len(src)] keeps what it does, even
// for an empty src, where _ = dst[len(src)-1] would panic.
//
//vssa:bce
func copyTo(dst, src []int) {
	for i := range src {
		dst[i] = src[i] // want `dst = dst\[:len\(src\)\] before the loop removes it$`
	}
}

// eight has a literal bound: _ = s[7].
//
//vssa:bce
func eight(s []uint64) (x uint64) {
	for i := 0; 8 > i; i++ {
		x ^= s[i] // want `_ = s\[7\] before the loop removes it$`
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
		t += s[n-1-i] // want `the index is not known to be below the length; _ = s\[n-1\] before the loop removes it \(not offered`
	}
	return t
}

// matchLen stops at the first difference: matchLen([]byte{1, 2},
// []byte{3}) returns 0 without reading b[1], where either hint, _ =
// b[1] or b = b[:2], panics; neither is a fix.
//
//vssa:bce
func matchLen(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] { // want `_ = b\[len\(a\)-1\] before the loop removes it \(not offered as a fix`
			return i
		}
	}
	return len(a)
}

// sumTo reads s[i] for i < len(a) but returns s: shortening it would
// change the result, and _ = s[len(a)-1] panics for an empty a.
//
//vssa:bce
func sumTo(s, a []int) []int {
	for i := range a {
		s[i] += a[i] // want `_ = s\[len\(a\)-1\] before the loop removes it \(not offered as a fix`
	}
	return s
}

// skip reads s[i] only after a continue that may skip it.
//
//vssa:bce
func skip(s, a []int) (t int) {
	for i := range a {
		if a[i] == 0 {
			continue
		}
		t += s[i] // want `_ = s\[len\(a\)-1\] before the loop removes it \(not offered as a fix`
	}
	return t
}

// calls calls a function that may end the program before the loop
// reads s[len(a)-1] (os.Exit, say): no fix.
//
//vssa:bce
func calls(s, a []int, f func(int)) {
	for i := range a {
		f(i)
		s[i] = a[i] // want `_ = s\[len\(a\)-1\] before the loop removes it \(not offered as a fix`
	}
}

// sumLen counts to len(a) in a for loop: s = s[:len(a)] is a fix.
//
//vssa:bce
func sumLen(s, a []int) (t int) {
	for i := 0; i < len(a); i++ {
		t += s[i] * a[i] // want `s = s\[:len\(a\)\] before the loop removes it$`
	}
	return t
}

// named shortens nothing it returns: s is its named result, which the
// bare return reads.
//
//vssa:bce
func named(a []int) (s []int) {
	s = make([]int, 8)
	for i := range a {
		s[i] = a[i] // want `_ = s\[len\(a\)-1\] before the loop removes it \(not offered as a fix`
	}
	return
}

// pureCalls calls only functions that return: s = s[:len(a)] is a fix.
//
//vssa:bce
func pureCalls(s []uint, a []uint64) (t int) {
	for i := range a {
		t += bits.OnesCount64(a[i]) + bits.Len(s[i]) // want `s = s\[:len\(a\)\] before the loop removes it$`
	}
	return t
}

// nextPair bounds i+1, not i: s[i+1] is never negative, but check
// elimination does not rule out that i+1 wrapped around.
//
//vssa:bce
func nextPair(s []int) (t int) {
	for i := 0; i+1 < len(s); i++ {
		t += s[i+1] // want `the index is not proved non-negative, though it is: the loop's condition bounds i \+ 1, not i, and check elimination does not rule out that i \+ 1 wraps around \(i < len\(s\)-1 says the same and bounds i\)$`
	}
	return t
}

// fromAnywhere starts i where the caller says: s[i+1] may be negative.
//
//vssa:bce
func fromAnywhere(s []int, i int) (t int) {
	for ; i+1 < len(s); i++ {
		t += s[i+1] // want `the index is not known to be non-negative$`
	}
	return t
}

// runes ranges over a string, whose indexes step by runes: the last may
// be below len(str)-1 (runes([]int{0}, "é") reads b[0] only), so
// neither b = b[:len(str)] nor _ = b[len(str)-1] may be a fix (check
// elimination does not follow a string's range today, so neither
// removes the check either).
//
//vssa:bce
func runes(b []int, str string) (t int) {
	for i := range str {
		t += b[i] // want `bounds check left in a loop: the index is not known to be non-negative$`
	}
	return t
}
