package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignByteOrderLeaf compiles zstd's matchLen shape: the loop
// reads its words through le.Load64[I](b, i), another package's generic
// leaf that is binary.LittleEndian.Uint64(b[i:]), and BigEndian's
// PutUint32 through another. Both are inlined, as gc inlines them: no
// trampoline, and the loads are single MOVQs (before, each round made
// two trampoline calls: 0.41x gc).
func TestForeignByteOrderLeaf(t *testing.T) {
	src := fallback + `import "example.com/p/le"

func MatchLen(a, b []byte) (n int) {
	left := len(a)
	for left >= 8 {
		if le.Load64(a, n) != le.Load64(b, n) {
			return n
		}
		n += 8
		left -= 8
	}
	return n
}

func PutAll(b []byte, v uint32) {
	for len(b) >= 4 {
		le.Store32BE(b, v)
		b = b[4:]
	}
}
`
	dir := writeModule(t, map[string]string{"p.go": src})
	if err := os.Mkdir(filepath.Join(dir, "le"), 0o777); err != nil {
		t.Fatal(err)
	}
	leaf := `package le

import "encoding/binary"

type Indexer interface {
	int | int32 | uint
}

func Load64[I Indexer](b []byte, i I) uint64 {
	return binary.LittleEndian.Uint64(b[i:])
}

func Store32BE(b []byte, v uint32) {
	binary.BigEndian.PutUint32(b, v)
}
`
	if err := os.WriteFile(filepath.Join(dir, "le", "le.go"), []byte(leaf), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"MatchLen", "PutAll"}})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, call := range []string{"le.Load64", "le.Store32BE"} {
		if strings.Contains(decls, call) {
			t.Errorf("%s is called through a trampoline, not inlined:\n%s", call, decls)
		}
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	if !strings.Contains(asm, "BSWAPL") {
		t.Errorf("PutAll's big-endian store is not a byte swap and a store:\n%s", asm)
	}
}
