package main

import (
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// peakProfileEnv names the file to which the multichecker writes a heap
// profile of its peak: the multichecker's own -memprofile is written
// at its end, after it dropped every package, and so shows nothing of
// what the peak held.
const peakProfileEnv = "VSSALINT_PEAKPROFILE"

// profilePeak starts, if the environment asks, a goroutine that writes
// a heap profile to the file named each time the live heap (measured
// at the last GC, as the profile's in-use figures are) grows by a
// twentieth over the largest written: the file left holds the profile
// of the peak, within 5%.
func profilePeak() {
	path := os.Getenv(peakProfileEnv)
	if path == "" {
		return
	}
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var written uint64
		for range time.Tick(50 * time.Millisecond) {
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live <= written+written/20 {
				continue
			}
			f, err := os.Create(path)
			if err != nil {
				return
			}
			pprof.WriteHeapProfile(f)
			f.Close()
			written = live
		}
	}()
}
