package native

import (
	"strings"
	"testing"
)

// TestNarrowConversion compiles snappy's emitCopy stores: uint8(offset)
// and uint8(offset >> 8), read only by byte stores, are not
// zero-extended (no MOVBQZX) before the store.
func TestNarrowConversion(t *testing.T) {
	src := fallback + `func Put(dst []byte, offset int, n int) {
	for i := 0; i+1 < n; i += 2 {
		dst[i] = uint8(offset)
		dst[i+1] = uint8(offset >> 8)
	}
}
`
	text := compiledText(t, src, "Put", "Put")
	if strings.Contains(text, "MOVBQZX") {
		t.Errorf("Put extends the bytes it stores:\n%s", text)
	}
}
