// This file implements Bitset, a dense fixed-size bit set (liveness sets,
// dominator sets of the naive oracle).

package graph

import "math/bits"

// Bitset is a set of small non-negative integers, one bit each, packed in
// 64-bit words: i is in s iff s[i/64]&(1<<(i%64)) != 0.
//
// A Bitset made by NewBitset(n) holds 0..n-1 (its capacity is rounded up to a
// multiple of 64). Binary operations require operands of the same length in
// words and panic otherwise. Methods that change the set modify the words in
// place, so value receivers suffice.
type Bitset []uint64

// NewBitset returns an empty set able to hold 0..n-1.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)>>6) }

// Has reports whether i is in s.
func (s Bitset) Has(i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

// Add adds i to s.
func (s Bitset) Add(i int) { s[i>>6] |= 1 << (uint(i) & 63) }

// Remove removes i from s.
func (s Bitset) Remove(i int) { s[i>>6] &^= 1 << (uint(i) & 63) }

// TestAndAdd adds i to s and reports whether i was absent.
func (s Bitset) TestAndAdd(i int) bool {
	w, m := i>>6, uint64(1)<<(uint(i)&63)
	if s[w]&m != 0 {
		return false
	}
	s[w] |= m
	return true
}

func (s Bitset) check(o Bitset) {
	if len(s) != len(o) {
		panic("graph: Bitset length mismatch")
	}
}

// UnionWith sets s to s ∪ o and reports whether s changed.
func (s Bitset) UnionWith(o Bitset) bool {
	s.check(o)
	var diff uint64
	for i, w := range o {
		diff |= w &^ s[i]
		s[i] |= w
	}
	return diff != 0
}

// IntersectWith sets s to s ∩ o and reports whether s changed.
func (s Bitset) IntersectWith(o Bitset) bool {
	s.check(o)
	var diff uint64
	for i, w := range o {
		diff |= s[i] &^ w
		s[i] &= w
	}
	return diff != 0
}

// DifferenceWith sets s to s \ o and reports whether s changed.
func (s Bitset) DifferenceWith(o Bitset) bool {
	s.check(o)
	var diff uint64
	for i, w := range o {
		diff |= s[i] & w
		s[i] &^= w
	}
	return diff != 0
}

// UnionWithDifference sets s to s ∪ (a \ b) and reports whether s changed:
// the liveness transfer live-in |= live-out \ defs in one pass.
func (s Bitset) UnionWithDifference(a, b Bitset) bool {
	s.check(a)
	s.check(b)
	var diff uint64
	for i, w := range a {
		w &^= b[i]
		diff |= w &^ s[i]
		s[i] |= w
	}
	return diff != 0
}

// Copy returns a new set equal to s.
func (s Bitset) Copy() Bitset {
	c := make(Bitset, len(s))
	copy(c, s)
	return c
}

// CopyFrom sets s to o.
func (s Bitset) CopyFrom(o Bitset) {
	s.check(o)
	copy(s, o)
}

// Equal reports whether s and o hold the same elements.
func (s Bitset) Equal(o Bitset) bool {
	s.check(o)
	for i, w := range o {
		if s[i] != w {
			return false
		}
	}
	return true
}

// Clear removes every element.
func (s Bitset) Clear() { clear(s) }

// IsEmpty reports whether s has no elements.
func (s Bitset) IsEmpty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// Count returns the number of elements.
func (s Bitset) Count() int {
	c := 0
	for _, w := range s {
		c += bits.OnesCount64(w)
	}
	return c
}

// ForEach calls f for every element in increasing order. f must not change s.
func (s Bitset) ForEach(f func(int)) {
	for i, w := range s {
		for w != 0 {
			f(i<<6 | bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// Next returns the least element >= i, or -1 if there is none. Iterate with
// for i := s.Next(0); i >= 0; i = s.Next(i + 1).
func (s Bitset) Next(i int) int {
	if i < 0 {
		i = 0
	}
	wi := i >> 6
	if wi >= len(s) {
		return -1
	}
	if w := s[wi] >> (uint(i) & 63); w != 0 {
		return i + bits.TrailingZeros64(w)
	}
	for wi++; wi < len(s); wi++ {
		if w := s[wi]; w != 0 {
			return wi<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}

// AppendTo appends the elements of s in increasing order to dst and returns
// the extended slice.
func (s Bitset) AppendTo(dst []int) []int {
	for i, w := range s {
		for w != 0 {
			dst = append(dst, i<<6|bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
	return dst
}
