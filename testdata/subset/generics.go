//go:build !amd64 || purego

package subset

import "cmp"

// CountOf counts c in s, as bytes.Count's generic fallback counts a
// byte, for any byte type.
func CountOf[T ~byte](s []T, c T) int {
	n := 0
	for _, x := range s {
		if x == c {
			n++
		}
	}
	return n
}

// MaxOf returns the largest element of s (the first of equals), or zero
// for an empty s.
func MaxOf[T int | int64 | float64](s []T) T {
	var m T
	for i, x := range s {
		if i == 0 || x > m {
			m = x
		}
	}
	return m
}

// InsertionSort sorts data[a:b], as slices' insertionSortOrdered.
//
//vssa:range a -1 80
//vssa:range b -1 80
func InsertionSort[E cmp.Ordered](data []E, a, b int) {
	for i := a + 1; i < b; i++ {
		for j := i; j > a && cmpLess(data[j], data[j-1]); j-- {
			data[j], data[j-1] = data[j-1], data[j]
		}
	}
}

// IsSorted reports whether x is sorted in increasing order (NaNs
// first), as slices.IsSorted: S is a slice type, E its element.
func IsSorted[S ~[]E, E cmp.Ordered](x S) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp.Less(x[i], x[i-1]) {
			return false
		}
	}
	return true
}

// Widen stores src times k in dst, as far as both go (two type
// parameters).
func Widen[T ~int16 | ~int32, F ~float32 | ~float64](dst []F, src []T, k F) int {
	n := min(len(dst), len(src))
	for i := 0; i < n; i++ {
		dst[i] = F(src[i]) * k
	}
	return n
}

// IndexByteOf returns the index of the first c in s, or -1, for strings
// and byte slices alike.
func IndexByteOf[S ~string | ~[]byte](s S, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
