// Package bce is the labelled corpus of the bce analyzer. A report is
// true where the check it names can fail for some input (it must stay),
// false where it never can (check elimination should remove it).
package bce

// Each index below the length: no check.
//
//vssa:bce
func sum(s []int) (t int) {
	for i := range s {
		t += s[i] // label: quiet (i ranges over s)
	}
	return t
}

// The next element, under the loop's own bound.
//
//vssa:bce
func pairs(s []int) (t int) {
	for i := 0; i < len(s); i++ {
		t += s[i+1] // label: report (s[len(s)] on the last round)
	}
	return t
}

// The next element, under a bound on it: never out of range.
//
//vssa:bce
func nextOnes(s []int) (t int) {
	for i := 0; i+1 < len(s); i++ {
		t += s[i+1] // label: quiet (i+1 < len(s), and i never wraps)
	}
	return t
}

// A count the slice knows nothing of.
//
//vssa:bce
func firstN(s []int, n int) (t int) {
	for i := 0; i < n; i++ {
		t += s[i] // label: report (n may exceed len(s))
	}
	return t
}

// Resliced to the other's length first.
//
//vssa:bce
func copyInto(dst, src []byte) {
	dst = dst[:len(src)]
	for i := range src {
		dst[i] = src[i] // label: quiet (len(dst) = len(src) after the reslice)
	}
}

// Another slice indexed by this one's index.
//
//vssa:bce
func xorInto(dst, src []byte) {
	for i := range src {
		dst[i] ^= src[i] // label: report (dst may be shorter)
	}
}

// Backwards from the end.
//
//vssa:bce
func reverse(s []int) (t int) {
	for i := len(s) - 1; i >= 0; i-- {
		t = t*31 + s[i] // label: quiet (0 ≤ i < len(s))
	}
	return t
}

// By twos, the first of each pair.
//
//vssa:bce
func evens(s []int) (t int) {
	for i := 0; i < len(s); i += 2 {
		t += s[i] // label: quiet (i < len(s))
	}
	return t
}

// By twos, the second of each pair.
//
//vssa:bce
func odds(s []int) (t int) {
	for i := 0; i < len(s); i += 2 {
		t += s[i+1] // label: report (an odd length ends with a lone element)
	}
	return t
}

// An unsigned counter against the length converted.
//
//vssa:bce
func unsignedCount(s []byte) (t int) {
	for i := uint(0); i < uint(len(s)); i++ {
		t += int(s[i]) // label: quiet (i < len(s) as unsigned)
	}
	return t
}

type table struct {
	count [256]uint32
	n     int
}

// A range over an array field's prefix, then the same index into the
// array.
//
//vssa:bce
func (t *table) total() (s uint32) {
	for i := range t.count[:t.n] {
		s += t.count[i] // label: quiet (i < t.n ≤ 256)
	}
	return s
}

// An index wrapped by the length.
//
//vssa:bce
func ring(s []int, n int) (t int) {
	if len(s) == 0 {
		return 0
	}
	for i := 0; i < n; i++ {
		t += s[i%len(s)] // label: quiet (0 ≤ i%len(s) < len(s) for i ≥ 0)
	}
	return t
}

// A masked hash into a table of unknown size.
//
//vssa:bce
func lookups(tab []uint16, keys []uint32) (t int) {
	for _, k := range keys {
		t += int(tab[k&0xff]) // label: report (tab may hold fewer than 256)
	}
	return t
}

// A masked hash into a table made with 256 entries.
//
//vssa:bce
func lookupsMade(keys []uint32) (t int) {
	tab := make([]uint16, 256)
	for _, k := range keys {
		t += int(tab[k&0xff]) // label: quiet (k&0xff < 256 = len(tab))
	}
	return t
}

// A window slid along the slice.
//
//vssa:bce
func windows(s []byte, w int) (n int) {
	for i := 0; i+w <= len(s); i++ {
		n += len(s[i : i+w]) // label: report (w may be negative)
	}
	return n
}

// Guarded by the length inside the loop.
//
//vssa:bce
func guardedNext(s []int) (t int) {
	for i := range s {
		if i+1 < len(s) {
			t += s[i+1] // label: quiet (the guard bounds it)
		}
	}
	return t
}
