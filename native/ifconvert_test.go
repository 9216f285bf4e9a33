package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// searchAsm compiles a binary search whose comparison is a helper
// returning a boolean, as slices.BinarySearch's cmp.Less is (isNaN of
// an integer folds to false), and returns its TEXT block.
func searchAsm(t *testing.T) string {
	src := "func isNaN(x int64) bool {\n\treturn x != x\n}\n\nfunc less(x, y int64) bool {\n\treturn (isNaN(x) && !isNaN(y)) || x < y\n}\n\n" +
		"func Search(x []int64, target int64) int {\n\ti, j := 0, len(x)\n\tfor i < j {\n\t\th := int(uint(i+j) >> 1)\n\t\tif less(x[h], target) {\n\t\t\ti = h + 1\n\t\t} else {\n\t\t\tj = h\n\t\t}\n\t}\n\treturn i\n}\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Search", "less", "isNaN"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	return asm[strings.Index(asm, "TEXT ·Search(SB)"):]
}

// TestNoSelectOnSearchBounds checks that a binary search's bounds are
// chosen by a branch, not by conditional moves: the helper's diamond
// is converted first, leaving the load in the block before the branch
// on the boolean, and a CMOV would chain each iteration's load behind
// the one before.
func TestNoSelectOnSearchBounds(t *testing.T) {
	if text := searchAsm(t); strings.Contains(text, "CMOV") {
		t.Errorf("Search chooses its bounds with conditional moves:\n%s", text)
	}
}
