//go:build linux

package bench

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCPU checks that the thread's CPU time grows while the
// thread works, and that an empty interval measures little.
func TestThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	if !ok {
		t.Fatal("the thread's CPU time cannot be read")
	}
	deadline := time.Now().Add(10 * time.Second)
	now := start
	for now-start < 2*time.Millisecond && time.Now().Before(deadline) {
		now, _ = threadCPU()
	}
	if now-start < 2*time.Millisecond {
		t.Fatalf("10 s of work on the thread measured %v of CPU time", now-start)
	}
	empty, ok := emptyInterval()
	if !ok || empty < 0 || empty > time.Millisecond {
		t.Errorf("empty interval %v (ok %v), want between 0 and 1ms", empty, ok)
	}
}
