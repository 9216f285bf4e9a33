package a

func nested(x int) int {
	if x > 10 {
		if x > 5 { // want `x > 5 is always true: given the condition at a.go:4`
			return 1
		}
	}
	return 0
}

func inLoop(s []int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if i < len(s) { // want `i < len\(s\) is always true: given the condition at a.go:14`
			n += s[i]
		}
		if i >= 0 { // want `i >= 0 is always true: given the values i takes through the loop: where it starts, how it steps and the loop.s conditions$`
			n++
		}
	}
	return n
}

func afterDivision(n, d int) int {
	q := n / d
	if d != 0 { // want `d != 0 is always true: given the division at a.go:26`
		return q
	}
	return 0
}

func lengths(s []byte) bool {
	return len(s) < 0 // want `len\(s\) < 0 is always false`
}

func afterIndex(s []int, i int) int {
	x := s[i]
	if i < 0 { // want `i < 0 is always false: given the check at a.go:38`
		return 0
	}
	return x
}

// Not reported: constant by construction.

const debug = false

const size = 8

func constants(x int) int {
	if debug {
		return 1
	}
	if size > 4 {
		return x
	}
	return 0
}

// Not reported: a uint32 converted to int is negative on 32-bit targets
// when it is above MaxInt32.
func portable(u uint32) bool {
	return int(u) >= 0
}

// Not reported: a variable changed in a loop, a value loaded again after
// a call that may change it.
type counter struct{ n int }

func (c *counter) bump() { c.n++ }

func changing(c *counter, n int) int {
	k := 0
	for i := 0; i < n; i++ {
		if k > 3 {
			return k
		}
		k += i
	}
	if c.n > 10 {
		c.bump()
		if c.n > 10 {
			return 1
		}
	}
	return 0
}

// Not reported: comparisons the compiler makes for a range loop.
func ranged(a [4]int) int {
	s := 0
	for i := range a {
		s += a[i]
	}
	return s
}

// k counts with i and the loop returns when k > 3, so i never reaches 10.
func lockstep() int {
	k := 0
	for i := 0; i < 10; i++ { // want `i < 10 is always true: given the values i takes through the loop`
		if k > 3 {
			return k
		}
		k++
	}
	return -1
}

// Not reported: a named constant may be another on another target or
// with other build tags.
const limit = 100

func named(x int) int {
	if x < 10 {
		if x < limit {
			return 1
		}
	}
	return 0
}

// Not reported: both sides are constants once variables are promoted.
func sizes() bool {
	size := 8
	want := 8
	return size != want
}

// Not reported: lengths fixed by literals the author wrote, or by an
// array's size.
func literals() int {
	s := []int{1, 2, 3, 4, 5, 6}[:3]
	if len(s) != 3 {
		return -1
	}
	var regs struct{ ints [9]uintptr }
	r := regs.ints[:]
	if len(r) > 0 {
		return 1
	}
	return 0
}

// Reported: pinned by a condition the author wrote.
func pinnedByCondition(x int) int {
	if x == 5 {
		if x > 3 { // want `x > 3 is always true: given the condition at a.go:\d+`
			return 1
		}
	}
	return 0
}

// Not reported: after a recovered panic, the check s[i] may be what
// panicked, so i < len(s) is not known there.
func afterRecover(s []int, i int) (v int) {
	defer func() {
		if recover() != nil {
			if i < len(s) {
				v = -1
			}
		}
	}()
	return s[i]
}
