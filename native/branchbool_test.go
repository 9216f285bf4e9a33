package native

import (
	"strings"
	"testing"
)

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
