package native

import (
	"path/filepath"
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
