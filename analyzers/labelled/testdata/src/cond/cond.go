// Package cond is the labelled corpus of the cond analyzer.
package cond

// A bound inside a stricter one.
func nested(x int) int {
	if x > 100 {
		if x > 10 { // label: report (x > 100 holds)
			return 1
		}
	}
	return 0
}

// After dividing by d, d is not zero.
func ratio(a, d int) int {
	q := a / d
	if d == 0 { // label: report (the division panicked for 0)
		return 0
	}
	return q
}

// After indexing with i, i is in range.
func at(s []int, i int) int {
	v := s[i]
	if i >= len(s) { // label: report (the index check passed)
		return 0
	}
	return v
}

// A counter from 1 is positive.
func fromOne(s []int) (t int) {
	for i := 1; i < len(s); i++ {
		if i > 0 { // label: report (i starts at 1 and grows)
			t += s[i] - s[i-1]
		}
	}
	return t
}

const (
	fastest = 1
	slowest = 9
)

// A counter from a named constant.
func levels() (n int) {
	for l := fastest; l <= slowest; l++ {
		if l >= 1 { // label: report (l starts at 1 and grows)
			n++
		}
	}
	return n
}

// The same in generic code.
func largest[T int | int32 | float64](s []T) T {
	m := s[0]
	for i := 1; i < len(s); i++ {
		if i > 0 && s[i] > m { // label: report (i starts at 1 and grows)
			m = s[i]
		}
	}
	return m
}

type entry struct{ count, order int }

// sortBy sorts n elements by less (a stand-in for sort.Slice).
func sortBy(n int, less func(i, j int) bool) {
	for i := 1; i < n; i++ {
		for j := i; j > 0 && less(j, j-1); j-- {
		}
	}
}

// A comparator whose tie-break repeats the first key: when counts
// differ it returned, so the last comparison is always false (order
// was meant).
func sortEntries(e []entry) {
	sortBy(len(e), func(i, j int) bool {
		if e[i].count != e[j].count {
			return e[i].count > e[j].count
		}
		return e[i].count < e[j].count // label: report (counts are equal here)
	})
}

// A range switch states each range whole.
func class(h byte) int {
	switch {
	case h < 128:
		return 0
	case h < 255:
		return 1
	case h == 255: // label: quiet (a range switch's last range, written whole)
		return 2
	}
	return 3
}

func band(level int) int {
	switch {
	case level < 3:
		return 0
	case level >= 3 && level < 6: // label: quiet (a range switch's band, written whole)
		return 1
	}
	return 2
}

// A case earlier cases leave dead.
func deadCase(level int) int {
	switch {
	case level < 3:
		return 0
	case level < 1: // label: report (level < 3 took these)
		return 1
	}
	return 2
}

const limit = 64

// Named constants may differ by build.
func named(x int) int {
	if x < 10 {
		if x < limit { // label: quiet (limit is named: another build may change it)
			return 1
		}
	}
	return 0
}

// Negative on 32-bit targets.
func widen(u uint32) bool {
	return int(u) >= 0 // label: quiet (int may be 32 bits)
}

// A length is never negative.
func empty(s []byte) bool {
	return len(s) < 0 // label: report (lengths are not negative)
}

// A byte is at most 255.
func small(b byte) bool {
	return b <= 255 // label: report (the type bounds it)
}

// A variable the loop changes.
func grows(n int) (k int) {
	for i := 0; i < n; i++ {
		if k > 10 { // label: quiet (k grows in the loop)
			return k
		}
		k += i
	}
	return k
}

// The remainder of a signed number may be negative.
func parity(x int) bool {
	if x%2 == 0 {
		return true
	}
	return x%2 == 1 // label: quiet (x%2 is -1 for odd negative x)
}

// A comparison restated the other way round.
func swapped(a, b int) int {
	if a < b {
		if b > a { // label: report (the same fact as a < b)
			return 1
		}
	}
	return 0
}

// A derived value's bound.
func derived(x int) int {
	if x > 10 {
		y := x - 1
		if y > 5 { // label: report (y = x-1 > 9; x > 10 cannot wrap below)
			return y
		}
	}
	return 0
}

// The length of a sub-slice.
func tail(s []int) int {
	if len(s) > 3 {
		t := s[1:]
		if len(t) > 1 { // label: report (len(t) = len(s)-1 > 2)
			return t[0]
		}
	}
	return 0
}

// An even counter's parity.
func evens(n int) (c int) {
	for i := 0; i < n; i += 2 {
		if i%2 == 1 { // label: report (i is even)
			c++
		}
	}
	return c
}

// Decided on one path only.
func onePath(x int, c bool) int {
	if c {
		x = 20
	}
	if x > 10 { // label: quiet (x is the parameter when c is false)
		return 1
	}
	return 0
}

// After a recovered panic the index may be what failed.
func recovered(s []int, i int) (v int) {
	defer func() {
		if recover() != nil && i < len(s) { // label: quiet (the panic may have been s[i]'s)
			v = -1
		}
	}()
	return s[i]
}

// A counted loop's exit value: from k ≤ n by ones, i leaves with n.
func exitValue(s []int, k int) int {
	n := len(s)
	if k < 0 || k > n {
		return 0
	}
	i := k
	for i < n {
		i++
	}
	if i > n { // label: report (i counts up by ones from k ≤ n to n)
		return -1
	}
	return i
}

// By steps of 2 it may leave past n.
func exitValueStep2(s []int) int {
	n := len(s)
	i := 0
	for i < n {
		i += 2
	}
	if i > n { // label: quiet (i steps by 2 and may pass n)
		return -1
	}
	return i
}
