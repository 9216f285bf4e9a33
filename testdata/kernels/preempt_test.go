//go:build amd64 && !purego

package kernels

import (
	"runtime"
	"testing"
	"time"
)

// TestPreemption runs a compiled loop for a second or more while the
// garbage collector stops the world: the loop's preemption polls must
// let it stop within a fraction of that (assembly is never preempted
// asynchronously; without the polls the collection waits for the loop).
func TestPreemption(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs a compiled loop for about a second")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	dst := make([]int32, 64)
	started, done := make(chan bool), make(chan bool)
	go func() {
		started <- true
		// Most points of y = 0 are in the set: 2^23 iterations each.
		MandelbrotRow(dst, 0, 1<<23)
		done <- true
	}()
	<-started
	time.Sleep(20 * time.Millisecond)
	start := time.Now()
	runtime.GC()
	waited := time.Since(start)
	select {
	case <-done:
		t.Fatal("the loop ended before the collection: make it longer")
	default:
	}
	// The loop runs for seconds (3 to 5 s on this 2-core machine), which
	// the collection would wait out without polls; 1 s leaves room for a
	// loaded machine (300 ms was exceeded once at a load average of 37).
	if waited > time.Second {
		t.Errorf("runtime.GC took %v while a compiled loop ran: it was not preempted", waited)
	}
	<-done
}
