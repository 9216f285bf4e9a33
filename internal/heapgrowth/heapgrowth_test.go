package heapgrowth

import (
	"runtime/debug"
	"testing"
)

// TestSet: the percent is set unless the environment sets GOGC or
// GOMEMLIMIT.
func TestSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		gogc, limit string
		want        int
	}{
		{"", "", 250},
		{"200", "", 100},
		{"", "1GiB", 100},
	} {
		t.Setenv("GOGC", c.gogc)
		t.Setenv("GOMEMLIMIT", c.limit)
		debug.SetGCPercent(100)
		Set(250)
		if got := debug.SetGCPercent(100); got != c.want {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: GC percent %d, want %d", c.gogc, c.limit, got, c.want)
		}
	}
}
