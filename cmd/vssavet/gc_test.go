package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestSetGC: the tool, run without GOGC, collects at 200 (init); with
// GOGC set, setGC leaves the user's value.
func TestSetGC(t *testing.T) {
	// The test binary ran package main's init, as the tool does.
	got := debug.SetGCPercent(100)
	defer debug.SetGCPercent(got)
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set: the tool keeps it")
	}
	if got != 200 {
		t.Errorf("GOGC unset: collector at %d, want 200", got)
	}
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	setGC()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("GOGC=50: collector at %d, want 50 (the user's)", got)
	}
}
