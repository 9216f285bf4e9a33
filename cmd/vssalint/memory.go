package main

import (
	"os"
	"runtime/debug"
)

// heapGrowth is the checker's GOGC unless the environment sets GOGC or
// GOMEMLIMIT: the checker's live heap peaks as x/tools' loader has
// every package's syntax and types (364 MB on compress's five packages
// with their tests), and at go's default of 100 the heap grew to twice
// that before a collection, 1.14 GB of resident memory; at 50, 0.87 GB
// for about a third more CPU. A proportional setting, unlike a memory
// limit, costs no more on a larger run whose live heap would exceed
// the limit (where the collector runs without pause).
const heapGrowth = 50

// boundHeap sets the checker's GOGC to heapGrowth unless the user chose
// how the collector runs.
func boundHeap() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(heapGrowth)
	}
}
