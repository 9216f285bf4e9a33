//go:build linux

package bench

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTime = 3

// threadCPU returns the CPU time the calling OS thread has used, to the
// nanosecond, and whether the system tells it (the caller keeps its
// goroutine on one thread with runtime.LockOSThread).
func threadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	// clock_gettime does not block: a raw system call spares the
	// scheduler's bookkeeping, which would be timed too.
	_, _, errno := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
