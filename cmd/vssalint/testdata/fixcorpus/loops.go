// Package fixcorpus has loops whose bounds checks bce reports, some
// with a hint that keeps what they do and some where every hint would
// panic on an input the loop handles (an empty input, a loop that stops
// early). Its tests pass before and after vssalint -fix.
package fixcorpus

// MatchLen returns how many leading bytes a and b share; b may be
// shorter than a if they differ before its end.
//
//vssa:bce
func MatchLen(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return len(a)
}

// Sum adds the first n values of s; n may be 0 with s nil.
//
//vssa:bce
func Sum(s []uint32, n int) uint32 {
	var t uint32
	for i := 0; i < n; i++ {
		t += s[i]
	}
	return t
}

// CopyTo copies src into the start of dst.
//
//vssa:bce
func CopyTo(dst, src []int) {
	for i := range src {
		dst[i] = src[i]
	}
}

// AddInto adds a into s and returns s, whole.
//
//vssa:bce
func AddInto(s, a []int) []int {
	for i := range a {
		s[i] += a[i]
	}
	return s
}

// Fold8 xors the first 8 words of s.
//
//vssa:bce
func Fold8(s []uint64) (x uint64) {
	for i := 0; i < 8; i++ {
		x ^= s[i]
	}
	return x
}

// Dot multiplies the first len(a) values of s by a.
//
//vssa:bce
func Dot(s, a []int) (t int) {
	for i := 0; i < len(a); i++ {
		t += s[i] * a[i]
	}
	return t
}

// FirstZero returns the index of the first zero of s among its first n
// values, or -1; it may stop before s ends.
//
//vssa:bce
func FirstZero(s []byte, n int) int {
	for i := range n {
		if s[i] == 0 {
			return i
		}
	}
	return -1
}

// Scale multiplies s by k where mask says so, skipping the rest.
//
//vssa:bce
func Scale(s []int, mask []bool, k int) {
	for i := range mask {
		if !mask[i] {
			continue
		}
		s[i] *= k
	}
}
