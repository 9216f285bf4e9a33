package native

import (
	"strings"
	"testing"
)

// TestLargeLocalZeroedByRepStos: a local table of more than
// maxStoredZero slots is zeroed by REP STOSQ (as gc zeroes snappy's
// hash table), not by a loop of 16-byte stores, and a small one by
// stores alone; the arguments read after it survive its clobbers
// (testdata/subset's MostCommon runs one).
func TestLargeLocalZeroedByRepStos(t *testing.T) {
	const src = `func Count(p []byte, k int) int32 {
	var counts [256]int32
	var small [4]int32
	for _, c := range p {
		counts[c]++
		small[c&3]++
	}
	return counts[k&255] + small[k&3]
}
`
	text := compileOne(t, src, "Count")
	if n := strings.Count(text, "REP; STOSQ"); n != 1 {
		t.Errorf("%d REP STOSQ, want 1 (the large table's):\n%s", n, text)
	}
	if strings.Contains(text, "zero") {
		t.Errorf("a zeroing loop:\n%s", text)
	}
	if !strings.Contains(text, "MOVOU X15,") {
		t.Errorf("the small table not zeroed by stores:\n%s", text)
	}
}
