package redundant

type node struct {
	next *node
	val  int
}

// Sum checks n against nil after reading through it.
func Sum(n *node) int {
	v := n.val
	if n != nil {
		v += n.next.val
	}
	return v
}

// Clamp checks a bound its caller's condition already implies.
func Clamp(x int) int {
	if x > 10 {
		if x > 5 {
			return 10
		}
	}
	return x
}

// Last checks the index against the length the loop already bounds.
func Last(s []int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if i < len(s) {
			n = s[i]
		}
	}
	return n
}
