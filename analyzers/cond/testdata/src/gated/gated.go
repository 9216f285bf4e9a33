// Package gated holds integer comparisons that are redundant only
// through the branch that led to a join (a length set under a
// condition, a validity flag, a value leaving a loop), and look-alikes
// that are not: the gated facts' labelled set (TestGated scores it).
package gated

func work() {}

func lengthUnder(c bool, s []int) int {
	n := 0
	if c {
		n = len(s)
	}
	work()
	if c {
		if n != len(s) { // want `n != len\(s\) is always false`
			return -1
		}
	}
	return n
}

func valid(s []int, i int) int {
	ok := i >= 0 && i < len(s)
	work()
	if ok {
		if i >= len(s) { // want `i >= len\(s\) is always false: ok is true only where i >= 0 && i < len\(s\) held at gated.go:24`
			return -1
		}
	}
	return 0
}

func validLow(s []int, i int) int {
	ok := i >= 0 && i < len(s)
	work()
	if ok {
		if i < 0 { // want `i < 0 is always false: the condition it is under holds only where i >= 0 was true at gated.go:35`
			return -1
		}
	}
	return 0
}

func setUnder(c bool) int {
	lo := -1
	if c {
		lo = 5
	}
	work()
	if c {
		if lo < 0 { // want `lo < 0 is always false`
			return 0
		}
	}
	return lo
}

func loopExit(n int) int {
	if n < 0 {
		return 0
	}
	i := 0
	for i < n {
		i++
	}
	if i != n { // want `i != n is always false`
		return -1
	}
	return i
}

// A value leaving a loop from a start at most n: the η's value is n.
func loopExitFrom(n, k int) int {
	if k > n {
		return 0
	}
	i := k
	for i < n {
		i++
	}
	if i != n { // want `i != n is always false`
		return -1
	}
	return i
}

// Counting down by ones from n ≥ 0, the loop leaves with 0.
func countDown(n int) int {
	if n < 0 {
		return 0
	}
	i := n
	for i > 0 {
		i--
	}
	if i != 0 { // want `i != 0 is always false`
		return -1
	}
	return i
}

func modeSize(c bool) int {
	m, size := 0, 0
	if c {
		m, size = 1, 8
	} else {
		m, size = 2, 16
	}
	work()
	if m == 1 {
		if size != 8 { // want `size != 8 is always false`
			return -1
		}
	}
	return size
}

func clamp(s []int, k int) int {
	lim := len(s)
	if k < lim {
		lim = k
	}
	work()
	if lim > len(s) { // want `lim > len\(s\) is always false: every path to it sets values that make it so`
		return -1
	}
	return lim
}

func index(s []int, x int) int {
	idx := -1
	for j := range s {
		if s[j] == x {
			idx = j
			break
		}
	}
	if idx >= 0 {
		if idx >= len(s) { // want `idx >= len\(s\) is always false: the condition it is under is set only with values that make it so`
			return -1
		}
	}
	return idx
}

func foundAt(s []int, x int) int {
	found, at := false, 0
	for i, v := range s {
		if v == x {
			found, at = true, i
			break
		}
	}
	if found {
		if at >= len(s) { // want `at >= len\(s\) is always false`
			return -1
		}
	}
	return at
}

func positive(n int) int {
	ok := n > 0
	work()
	if ok {
		if n == 0 { // want `n == 0 is always false`
			return -1
		}
	}
	return n
}

func sign(x int) int {
	s := 1
	if x < 0 {
		s = -1
	}
	work()
	if s > 0 {
		if x < 0 { // want `x < 0 is always false`
			return 0
		}
	}
	return s
}

func span(c bool) int {
	start, end := 0, 0
	if c {
		start, end = 2, 5
	}
	work()
	if end < start { // want `end < start is always false`
		return -1
	}
	return end - start
}

// Not redundant: n is 0 where c is false, and len(s) may be 0 or not.
func lengthOther(c bool, s []int) int {
	n := 0
	if c {
		n = len(s)
	}
	if !c {
		if n != len(s) {
			return -1
		}
	}
	return n
}

// Not redundant: || lets i be out of range.
func validEither(s []int, i int) int {
	ok := i < len(s) || i > 10
	if ok {
		if i >= len(s) {
			return -1
		}
	}
	return 0
}

// Not redundant: n may be negative, and i stays 0.
func loopExitNegative(n int) int {
	i := 0
	for i < n {
		i++
	}
	if i != n {
		return -1
	}
	return i
}

// Not redundant: idx may be len(s).
func indexEnd(s []int, x int) int {
	idx := len(s)
	for j := range s {
		if s[j] == x {
			idx = j
			break
		}
	}
	if idx > 0 {
		if idx >= len(s) {
			return -1
		}
	}
	return idx
}

// Not redundant: x may be 0.
func signZero(x int) int {
	s := 1
	if x < 0 {
		s = -1
	}
	if s > 0 {
		if x > 0 {
			return 0
		}
	}
	return s
}

// Not redundant: the sizes of mode 1 differ.
func modeSizeBoth(c, d bool) int {
	m, size := 0, 0
	if c {
		m, size = 1, 8
	} else if d {
		m, size = 1, 4
	} else {
		m, size = 2, 16
	}
	if m == 1 {
		if size != 8 {
			return -1
		}
	}
	return size
}

type byteReader interface{ ReadByte() (byte, error) }

// Not redundant: a loop counter read under conditions that hold on
// some iterations only (encoding/binary's ReadUvarint).
func readUvarint(r byteReader) (uint64, bool) {
	var x uint64
	var s uint
	for i := 0; i < 10; i++ {
		b, err := r.ReadByte()
		if err != nil {
			return x, i > 0
		}
		if b < 0x80 {
			if i == 9 && b > 1 {
				return x, false
			}
			return x | uint64(b)<<s, true
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return x, false
}

// Not redundant: ch < 256 holds for some ch below 286 (compress/flate).
func fixedCodes() int {
	n := 0
	for ch := uint16(0); ch < 286; ch++ {
		switch {
		case ch < 144:
			n += 8
		case ch < 256:
			n += 9
		case ch < 280:
			n += 7
		default:
			n += 8
		}
	}
	return n
}

// Not redundant: k may be above n, and i stays k.
func loopExitFromAbove(n, k int) int {
	i := k
	for i < n {
		i++
	}
	if i != n {
		return -1
	}
	return i
}

// Not redundant: by steps of 2, i may pass n.
func loopExitStep2(n int) int {
	if n < 0 {
		return 0
	}
	i := 0
	for i < n {
		i += 2
	}
	if i != n {
		return -1
	}
	return i
}

// Redundant, under no condition: i indexes keys before i++, so it is
// at least 1 after it (go/ast's MergePackageFiles tests i == 0 so,
// twice). The second test is not under the first's outcome: both arms
// of the first run into it.
func countedFromZero(m map[string]int) []string {
	keys := make([]string, len(m))
	i, least, most := 0, 0, 0
	for k, v := range m {
		keys[i] = k
		i++
		if i == 0 || v < least { // want `i == 0 is always false: every path to it sets values that make it so`
			least = v
		}
		if i == 0 || v > most { // want `i == 0 is always false: every path to it sets values that make it so`
			most = v
		}
	}
	return keys[least:most]
}

// The flag is false where the disjunction did not hold: each of its
// operands was false (i >= 0's true edge does not explain it, as i >= 0
// alone leaves i >= len(s) open).
func invalid(s []int, i int) int {
	bad := i < 0 || i >= len(s)
	work()
	if !bad {
		if i >= len(s) { // want `i >= len\(s\) is always false: bad is false only where i < 0 \|\| i >= len\(s\) did not hold at gated.go:\d+`
			return -1
		}
	}
	return 0
}
