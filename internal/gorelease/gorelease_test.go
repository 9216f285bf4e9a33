package gorelease

import "testing"

func TestMinor(t *testing.T) {
	for v, want := range map[string]int{"go1.26.8": 26, "go1.27.3": 27, "go1.27": 27, "go1.28rc1": 28, "devel go1.28-abc": 1 << 30} {
		if got := minor(v); got != want {
			t.Errorf("minor(%q) = %d, want %d", v, got, want)
		}
	}
}
