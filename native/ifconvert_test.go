package native

import (
	"strings"
	"testing"
)

// TestLoadCarried compiles a binary search that returns when it finds
// the element: its load is in the block before the diamond, and the
// next bounds depend on it, so they stay a branch (no conditional
// moves). The maximum's index of Argmax depends on no load's address
// and becomes a conditional move.
func TestLoadCarried(t *testing.T) {
	src := fallback + `func Find(x []int64, target int64) int {
	i, j := 0, len(x)
	for i < j {
		h := int(uint(i+j) >> 1)
		v := x[h]
		if v == target {
			return h
		}
		if v < target {
			i = h + 1
		} else {
			j = h
		}
	}
	return -1
}

func Argmax(x []int64) int {
	best, at := int64(0), 0
	for i, v := range x {
		if v > best {
			best = v
			at = i
		}
	}
	return at
}
`
	if text := compiledText(t, src, "Find", "Find", "Argmax"); strings.Contains(text, "CMOV") {
		t.Errorf("Find selects its next bounds, chaining each load behind the one before:\n%s", text)
	}
	if text := compiledText(t, src, "Argmax", "Find", "Argmax"); !strings.Contains(text, "CMOV") {
		t.Errorf("Argmax branches on its maximum:\n%s", text)
	}
}
