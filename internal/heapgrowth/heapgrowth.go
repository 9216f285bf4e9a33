// Package heapgrowth sets a command's garbage collector's growth
// (GOGC) unless the user chose how the collector runs.
package heapgrowth

import (
	"os"
	"runtime/debug"
)

// Set sets the GC percent to percent unless the environment sets GOGC
// or GOMEMLIMIT: the user's choice wins.
func Set(percent int) {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(percent)
	}
}
