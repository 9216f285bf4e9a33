//go:build !amd64 || purego

package subset

// ParseHex16 decodes 32 lower-case hex digits, as uuid.Parse returns its
// UUID: a [16]byte by value, built in the frame at a run-time index,
// 16 byte components beside a bool in the results.
func ParseHex16(s string) ([16]byte, bool) {
	var a [16]byte
	if len(s) != 32 {
		return a, false
	}
	for i := 0; i < 32; i++ {
		c := s[i]
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		default:
			return a, false
		}
		a[i/2] |= d << (4 * (1 - i%2))
	}
	return a, true
}

// MixArray takes a [12]uint16 by value after a byte and returns a
// [10]int32: each part of the ABI0 frame at its own alignment (the
// array at 2, n at 32, the results from 40).
//
//vssa:range n -1 20
func MixArray(k byte, a [12]uint16, n int) (out [10]int32, last byte) {
	for i := range n {
		if i >= len(a) {
			break
		}
		out[i%10] += int32(a[i]) * int32(k)
		last ^= byte(a[i])
	}
	return out, last
}
