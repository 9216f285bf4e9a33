package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCombineLoads checks that hand-written byte loads become one load
// (and a byte swap for big-endian), as gc makes them, and that bytes
// with a store between them stay apart. (Their results are checked
// against gc's by testdata/subset's ByteLoads and BigEndianWords.)
func TestCombineLoads(t *testing.T) {
	src := fallback + `func LE32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func BE64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[7]) | uint64(b[6])<<8 | uint64(b[5])<<16 | uint64(b[4])<<24 |
		uint64(b[3])<<32 | uint64(b[2])<<40 | uint64(b[1])<<48 | uint64(b[0])<<56
}

func BE16(b []byte) uint16 {
	_ = b[1]
	return uint16(b[1]) | uint16(b[0])<<8
}

func Words(p []byte, w []uint32) {
	for i := range w {
		j := i * 4
		w[i] = uint32(p[j])<<24 | uint32(p[j+1])<<16 | uint32(p[j+2])<<8 | uint32(p[j+3])
	}
}

func StoreBetween(b []byte) uint32 {
	_ = b[3]
	x := uint32(b[0]) | uint32(b[1])<<8
	b[2] = 7
	return x | uint32(b[2])<<16 | uint32(b[3])<<24
}
`
	dir := writeModule(t, map[string]string{"p.go": src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"LE32", "BE64", "BE16", "Words", "StoreBetween"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	for _, c := range []struct {
		fn   string
		want []string // each in the function's code
		none string   // in none of its lines
	}{
		{"LE32", []string{"\tMOVL (BX), "}, "MOVBQZX"},
		{"BE64", []string{"\tMOVQ (BX), ", "\tBSWAPQ "}, "MOVBQZX"},
		{"BE16", []string{"\tMOVWQZX (BX), ", "\tROLW $8, "}, "MOVBQZX"},
		{"Words", []string{"\tBSWAPL "}, "MOVBQZX"},
		{"StoreBetween", []string{"\tMOVWQZX (BX), ", "\tMOVBQZX 2(BX), "}, "\tMOVL (BX)"},
	} {
		text := textOf(asm, c.fn)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in:\n%s", c.fn, w, text)
			}
		}
		if strings.Contains(text, c.none) {
			t.Errorf("%s: %q in:\n%s", c.fn, c.none, text)
		}
	}
}
