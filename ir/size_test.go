package ir

import (
	"testing"
	"unsafe"
)

// Passes scan and copy instructions by the million, so their size is
// most of the cost of a scan: keep it compact.
func TestInstrSize(t *testing.T) {
	if s := unsafe.Sizeof(Instr{}); s > 48 {
		t.Errorf("Instr takes %d bytes, want at most 48", s)
	}
}
