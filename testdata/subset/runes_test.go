package subset

import "testing"

// TestRunesExhaustive compares the compiled ranges over strings with
// Go's own on every string of up to three bytes that starts with a
// byte of UTF-8's multi-byte forms, and on four-byte ones around each
// lead byte's limits: valid and invalid UTF-8 alike, cut short
// included, as random inputs would meet rarely.
func TestRunesExhaustive(t *testing.T) {
	check := func(b []byte) {
		s := string(b)
		var n, sum int
		var last rune
		for i, r := range s {
			n++
			sum += i*7 + int(r)
			last = r
		}
		if gn, gsum := RuneSum(s); gn != n || gsum != sum {
			t.Fatalf("RuneSum(%q) = %d, %d, want %d, %d", s, gn, gsum, n, sum)
		}
		if gn, glast := ByteRunes(b); gn != n || glast != last {
			t.Fatalf("ByteRunes(%q) = %d, %d, want %d, %d", s, gn, glast, n, last)
		}
	}
	b := make([]byte, 0, 5)
	for c0 := 0x7f; c0 < 0x100; c0++ {
		check(append(b[:0], byte(c0)))
		check(append(b[:0], 'a', byte(c0)))
		for c1 := 0; c1 < 0x100; c1++ {
			check(append(b[:0], byte(c0), byte(c1)))
			for c2 := 0; c2 < 0x100; c2 += 1 + 14*(c0&1) {
				check(append(b[:0], byte(c0), byte(c1), byte(c2)))
			}
		}
	}
	edges := []byte{0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xf4}
	for c0 := 0xef; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for _, c2 := range edges {
				for _, c3 := range edges {
					check(append(b[:0], byte(c0), byte(c1), c2, c3))
					check(append(b[:0], byte(c0), byte(c1), c2, c3, 'z'))
				}
			}
		}
	}
}
