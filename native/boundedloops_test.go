package native

import (
	"strings"
	"testing"
)

// TestBoundedLoopsPollOutside checks which loops keep a preemption
// countdown: a loop up to an argument does (both of splitLoops' copies
// of it); one of 64 iterations inside a loop over the input does not
// (the outer loop polls); of two nested loops of 4096 iterations each,
// the outer one does, since 4096² iterations without a poll would keep
// the scheduler waiting; a loop of 64 iterations alone needs none, nor
// loops each going on from the index where the one before stopped.
func TestBoundedLoopsPollOutside(t *testing.T) {
	cases := []struct {
		name, src string
		polls     int
	}{
		{"Rounds", `func Rounds(p []uint32) uint32 {
	var h uint32
	for len(p) >= 64 {
		for i := 0; i < 64; i++ {
			h = h*31 + p[i]
		}
		p = p[64:]
	}
	return h
}
`, 1},
		{"Each", `func Each(p []uint32, n int) uint32 {
	var h uint32
	for i := 0; i < n; i++ {
		h = h*31 + p[i]
	}
	return h
}
`, 2},
		{"Nest", `func Nest(p []uint32) uint32 {
	var h uint32
	for i := 0; i < 4096; i++ {
		for j := 0; j < 4096; j++ {
			h = h*31 + p[j] + uint32(i)
		}
	}
	return h
}
`, 1},
		{"Alone", `func Alone(p *[64]uint32) uint32 {
	var h uint32
	for i := 0; i < 64; i++ {
		h = h*31 + p[i]
	}
	return h
}
`, 0},
		// sha1's rounds: each loop goes on from where the one before
		// stopped (its index starts at a loop's, so at least 0).
		{"Sequence", `func Sequence(p []byte, w *[16]uint32) uint32 {
	var a uint32
	i := 0
	for ; i < 16; i++ {
		a += w[i&0xf] ^ uint32(p[i])
	}
	for ; i < 20; i++ {
		a = a*3 + w[i&0xf]
	}
	for ; i < 40; i++ {
		a = a*5 + w[i&0xf]
	}
	return a
}
`, 0},
	}
	for _, tc := range cases {
		text := compileOne(t, tc.src, tc.name)
		if n := strings.Count(text, "Poll(SB)"); n != tc.polls {
			t.Errorf("%s: %d polls, want %d:\n%s", tc.name, n, tc.polls, text)
		}
	}
}
