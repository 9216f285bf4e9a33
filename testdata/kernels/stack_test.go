//go:build amd64 && !purego

package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestCallsMoveStack sorts arrays on the goroutine's stack with
// SortInt64, whose compiled calls recurse deep enough to grow the stack
// of a new goroutine: the runtime then moves the stack, the array with
// it, and the compiled code must go on writing where the array is now
// (it reloads its pointer arguments after each call: calls.go). The
// test checks that some calls did move the stack, or it would prove
// nothing: each seed sorts below a different depth of Go frames
// (sortAtDepth), so that, whatever the compiled frames' sizes, some
// sort starts close enough to the end of the stack to grow it.
func TestCallsMoveStack(t *testing.T) {
	moved := 0
	for seed := range uint64(20) {
		done := make(chan string)
		go func() {
			var a [512]int64
			r := rand.New(rand.NewPCG(seed, 1))
			for i := range a {
				a[i] = r.Int64N(1000)
			}
			want := slices.Clone(a[:])
			slices.Sort(want)
			before := uintptr(unsafe.Pointer(&a[0]))
			sortAtDepth(a[:], int(seed)*4)
			if uintptr(unsafe.Pointer(&a[0])) != before {
				moved++
			}
			if !slices.Equal(a[:], want) {
				done <- "not sorted"
				return
			}
			done <- ""
		}()
		if msg := <-done; msg != "" {
			t.Fatalf("seed %d: %s", seed, msg)
		}
	}
	if moved == 0 {
		t.Fatal("no call moved the stack: the test checks nothing")
	}
	t.Logf("%d of 20 sorts moved the stack", moved)
}

// sortAtDepth calls SortInt64 below depth frames of its own, each some
// hundred bytes.
//
//go:noinline
func sortAtDepth(s []int64, depth int) {
	var pad [96]byte
	if depth > 0 {
		sortAtDepth(s, depth-1)
		pad[depth%len(pad)] = byte(depth)
		stackSink += int(pad[depth%len(pad)])
		return
	}
	SortInt64(s)
}

var stackSink int
