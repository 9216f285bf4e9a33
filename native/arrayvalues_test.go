package native

import (
	"strings"
	"testing"
)

// TestArrayResultByValue compiles uuid.Parse's shape: a [16]byte (16
// byte components, over the 8 that were held) built in the frame at a
// run-time index and returned by value beside a bool. ABI0 puts the
// results after the string argument (16 bytes) from the next word: the
// array at 16…31, the bool at 32, so its last byte goes to 31(FP).
func TestArrayResultByValue(t *testing.T) {
	src := fallback + `func ParseHex16(s string) ([16]byte, bool) {
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
`
	text := compiledText(t, src, "ParseHex16", "ParseHex16")
	for _, want := range []string{"+16(FP)", "+31(FP)", "+32(FP)"} {
		if !strings.Contains(text, want) {
			t.Errorf("ParseHex16 writes nothing at %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "+33(FP)") {
		t.Errorf("ParseHex16 writes past its bool result (33):\n%s", text)
	}
}

// TestArrayParamByValue compiles a [12]uint16 parameter after a byte
// and a [10]int32 result: the array starts at its own alignment, 2
// (its element 11 at 2+22 = 24), n at the next word (32), the results
// from 40 (out, ret, whose element 9 is at 40+36 = 76; last, ret1, at 80).
func TestArrayParamByValue(t *testing.T) {
	src := fallback + `func MixArray(k byte, a [12]uint16, n int) (out [10]int32, last byte) {
	for i := range n {
		if i >= len(a) {
			break
		}
		out[i%10] += int32(a[i]) * int32(k)
		last ^= byte(a[i])
	}
	return out, last
}
`
	text := compiledText(t, src, "MixArray", "MixArray")
	for _, want := range []string{"k+0(FP)", "a_0+2(FP)", "a_11+24(FP)", "n+32(FP)", "ret_0+40(FP)", "ret_9+76(FP)", "ret1+80(FP)"} {
		if !strings.Contains(text, want) {
			t.Errorf("MixArray does not use %s:\n%s", want, text)
		}
	}
}
