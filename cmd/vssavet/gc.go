package main

import (
	"os"
	"runtime/debug"
)

// gcPercent is the collector's setting under go vet unless GOGC is set.
// go vet runs the tool once per package, each process short-lived:
// with Go's 100 a quarter of vssavet's CPU on compress's module
// packages went to the collector (perf), against their IR's garbage.
// 200 trades that for a peak heap about 1.4x as large (vssavet on
// compress's zstd: 238 MB at 100, 331 MB at 200).
const gcPercent = 200

func init() { setGC() }

// setGC sets the collector's percent to gcPercent unless the user set
// GOGC, which then decides.
func setGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}
