package native

import (
	"strings"
	"testing"
)

// TestSliceSameBounds compiles xxhash's writeBlocks step,
// b = b[32:len(b):len(b)]: the new length and capacity are one
// difference, computed once.
func TestSliceSameBounds(t *testing.T) {
	src := fallback + `func Blocks(b []byte) int {
	n := 0
	for len(b) >= 32 {
		n += int(b[0])
		b = b[32:len(b):len(b)]
	}
	return n
}
`
	text := compiledText(t, src, "Blocks", "Blocks")
	if c := strings.Count(text, "SUBQ $32"); c != 1 {
		t.Errorf("Blocks subtracts 32 %d times, want once:\n%s", c, text)
	}
}

// TestSliceAboveLo compiles snappy's load32, b[i:i+4:len(b)]: once its
// checks pass the new length is 4, so the pointer moves by i without
// the conditional move that keeps an empty slice's pointer in its
// array; b[i:j:len(b)], whose length may be 0, keeps it.
func TestSliceAboveLo(t *testing.T) {
	src := fallback + `func Load32(b []byte, i int) uint32 {
	b = b[i : i+4 : len(b)]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func Window(b []byte, i, j int) []byte {
	return b[i:j:len(b)]
}
`
	if text := compiledText(t, src, "Load32", "Load32", "Window"); strings.Contains(text, "CMOV") {
		t.Errorf("Load32 chooses its pointer with a conditional move:\n%s", text)
	}
	if text := compiledText(t, src, "Window", "Load32", "Window"); !strings.Contains(text, "CMOV") {
		t.Errorf("Window moves its pointer even where the new capacity may be 0:\n%s", text)
	}
}

// TestSliceNarrowLo compiles snappy's load32 at an entry of a uint16
// table: c <= c+4 always passes for such a c (no wrap-around), so
// b[c:c+4:len(b)] checks only c+4 <= len(b); at an entry of an int32
// table, which may be negative, it checks both.
func TestSliceNarrowLo(t *testing.T) {
	src := fallback + `func Narrow(t *[8]uint16, b []byte, i int) byte {
	c := int(t[i&7])
	b = b[c : c+4 : len(b)]
	return b[0]
}

func Signed(t *[8]int32, b []byte, i int) byte {
	c := int(t[i&7])
	b = b[c : c+4 : len(b)]
	return b[0]
}
`
	if text := compiledText(t, src, "Narrow", "Narrow", "Signed"); strings.Count(text, "JHI") != 1 {
		t.Errorf("Narrow: want one slice check (c+4 <= len(b)):\n%s", text)
	}
	if text := compiledText(t, src, "Signed", "Narrow", "Signed"); strings.Count(text, "JHI") != 2 {
		t.Errorf("Signed: want two slice checks (c+4 <= len(b), c <= c+4):\n%s", text)
	}
}
