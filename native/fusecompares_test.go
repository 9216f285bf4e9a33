package native

import (
	"strings"
	"testing"
)

// TestFuseCompares compiles slices.BinarySearch's loop, its condition
// cmp.Less(x[h], target): the branch is on the compare itself (no
// SETcc of a bool tested against 0), and, the next bounds depending on
// the element just loaded, it stays a branch rather than conditional
// moves that would chain each load behind the one before.
func TestFuseCompares(t *testing.T) {
	src := fallback + `import "cmp"

func Search(x []int64, target int64) int {
	i, j := 0, len(x)
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp.Less(x[h], target) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}
`
	text := compiledText(t, src, "Search", "Search")
	if strings.Contains(text, "SET") || strings.Contains(text, "CMOV") {
		t.Errorf("Search tests a bool set from the compare, or selects the next bounds:\n%s", text)
	}
}

// TestBranchOnCompare checks that the search's branch on its helper's
// boolean is a jump on the comparison: no SETcc of the boolean, no
// compare of it with zero.
func TestBranchOnCompare(t *testing.T) {
	text := searchAsm(t)
	text = text[:strings.Index(text, "RET")] // the loop, not the poll's and panics' paths
	if strings.Contains(text, "\tSET") || strings.Contains(text, ", $0\n\tJ") {
		t.Errorf("Search materialises its comparison's boolean and tests it:\n%s", text)
	}
}
