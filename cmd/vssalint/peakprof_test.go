package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestPeakProfile: with VSSALINT_PEAKPROFILE set, the checker writes a
// heap profile (gzipped, as pprof writes it) to the file named once the
// live heap grows.
func TestPeakProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "peak.prof")
	t.Setenv(peakProfileEnv, prof)
	profilePeak()
	var keep [][]byte
	deadline := time.Now().Add(10 * time.Second)
	for {
		keep = append(keep, make([]byte, 1<<20))
		runtime.GC()
		if data, err := os.ReadFile(prof); err == nil && len(data) > 0 {
			if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
				t.Errorf("%s is not a gzipped profile: % x...", prof, data[:min(len(data), 8)])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no profile written in 10 s (%d MB kept)", len(keep))
		}
		time.Sleep(20 * time.Millisecond)
	}
	runtime.KeepAlive(keep)
}
