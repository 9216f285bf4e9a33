//go:build !amd64 || purego

package subset

// WideScale mixes words with multiplications by powers of two too large
// for an immediate (as math/bits.Div64's two32*rhat), at both signs and
// 2^63, which native lowers to shifts (mulshift.go).
func WideScale(s []uint64, t []int64) (uint64, int64) {
	const two32 = 1 << 32
	var u uint64
	var v int64
	for i, x := range s {
		u = u*two32 + x + two32*uint64(i)
		u ^= x * (1 << 63)
	}
	for _, y := range t {
		v = v*(1<<40) - y*(-1<<63) + y*(1<<31)
		v ^= (1 << 62) * y
	}
	return u, v
}
