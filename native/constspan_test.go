package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// xorSrc is reedsolomon's sliceXorGo in short: loads and stores of
// out[8:16] and in[8:16], slices of constant bounds.
const xorSrc = `import "encoding/binary"

func Xor16(in, out []byte) {
	for len(out) >= 16 && len(in) >= 16 {
		v0 := binary.LittleEndian.Uint64(out[:8]) ^ binary.LittleEndian.Uint64(in[:8])
		v1 := binary.LittleEndian.Uint64(out[8:16]) ^ binary.LittleEndian.Uint64(in[8:16])
		binary.LittleEndian.PutUint64(out[:8], v0)
		binary.LittleEndian.PutUint64(out[8:16], v1)
		out = out[16:]
		in = in[16:]
	}
}
`

// TestConstantSpanMovesPointer checks that s[8:16], whose capacity is
// at least 8 once its check passes, is s's pointer plus 8, without the
// select that keeps the pointer of a slice of capacity 0 (the loads
// then take the offset: MOVQ 8(R8)), and that the generated test
// passes.
func TestConstantSpanMovesPointer(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + xorSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Xor16"}})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	// Only the loop's out = out[16:] and in = in[16:] may select
	// (their capacity may be 0).
	if n := strings.Count(asm, "CMOVQ"); n > 2 {
		t.Errorf("%d CMOVQs, want at most 2 (out[16:], in[16:]):\n%s", n, asm)
	}
	if !strings.Contains(asm, "8(") {
		t.Errorf("no load at offset 8:\n%s", asm)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", "Test", "."); err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
}
