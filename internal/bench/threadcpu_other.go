//go:build !linux

package bench

import "time"

// threadCPU is not available here: the per-call figures are left out.
func threadCPU() (time.Duration, bool) { return 0, false }
