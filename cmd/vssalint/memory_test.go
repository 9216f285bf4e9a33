package main

import (
	"runtime/debug"
	"testing"
)

// TestBoundHeap: the checker collects at heapGrowth unless the
// environment sets GOGC or GOMEMLIMIT.
func TestBoundHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		gogc, limit string
		want        int
	}{
		{"", "", heapGrowth},
		{"200", "", 100},
		{"", "1GiB", 100},
	} {
		t.Setenv("GOGC", c.gogc)
		t.Setenv("GOMEMLIMIT", c.limit)
		debug.SetGCPercent(100)
		boundHeap()
		if got := debug.SetGCPercent(100); got != c.want {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: GC percent %d, want %d", c.gogc, c.limit, got, c.want)
		}
	}
}
