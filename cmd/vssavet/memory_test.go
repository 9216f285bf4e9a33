package main

import (
	"runtime/debug"
	"testing"
)

// TestGrowHeap: vssavet collects at heapGrowth, above go's default of
// 100, unless the environment sets GOGC or GOMEMLIMIT.
func TestGrowHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		gogc, limit string
		want        int
	}{
		{"", "", 200},
		{"100", "", 100},
		{"", "1GiB", 100},
	} {
		t.Setenv("GOGC", c.gogc)
		t.Setenv("GOMEMLIMIT", c.limit)
		debug.SetGCPercent(100)
		growHeap()
		if got := debug.SetGCPercent(100); got != c.want {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: GC percent %d, want %d", c.gogc, c.limit, got, c.want)
		}
	}
}
