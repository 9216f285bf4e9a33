package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewed compiles the functions a review of the backend found
// crashing the compiler or writing files that do not build, and runs
// their generated equivalence tests against the Go originals: a loop
// whose vectorisable body reads its index (it was vectorised with the
// index taken for a value fixed in the loop); vector shifts by
// constants of 128 or more (PSRAL $255 does not assemble); arrays as
// fields and elements of parameters' types (their generators and
// comparers were missing). A loop entered other than at its start must
// be refused, not crash the compiler.
func TestReviewed(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs the generated tests")
	}
	src := fallback + `func StoreIndex(s []int) {
	for i := range s {
		s[i] = i
	}
}

func AddIndex(s []int32) {
	for i := range s {
		s[i] = s[i] + int32(i)
	}
}

func ShrHuge(dst, a []int32) {
	for i := range dst {
		dst[i] = a[i] >> 1000000
	}
}

func Shl128(dst, a []uint16) {
	for i := range dst {
		dst[i] = a[i] << 128
	}
}

func BigField(p *Big, i int) int64 {
	return p.X + int64(p.Arr[i&7])
}

func OuterSum(p *Outer) int32 {
	return p.In.X + int32(p.In.Arr[1]) + int32(p.M[2][4])
}

func Mat(p *[4][4]int32, i, j int) int32 {
	return p[i&3][j&3]
}
`
	types := `package p

type Big struct {
	Pad [50]byte
	X   int64
	Arr [8]int16
}

type In struct {
	X   int32
	Arr [4]int16
}

type Outer struct {
	In In
	M  [3][5]uint8
}
`
	dir := writeModule(t, map[string]string{"p.go": src, "types.go": types})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"StoreIndex", "AddIndex", "ShrHuge", "Shl128", "BigField", "OuterSum", "Mat"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := rfGo(dir, "test", "-count=1", "-timeout=300s", "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}

	irreducible := fallback + `func Irreducible(n int, b bool) int {
	x := 0
	if b {
		goto B
	}
A:
	x += 1
B:
	x += 2
	if x < n {
		goto A
	}
	return x
}
`
	dir = writeModule(t, map[string]string{"p.go": irreducible})
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Irreducible"}, Inlinable: true})
	if want := "Irreducible: unsupported: a loop entered other than at its start"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error containing %q", err, want)
	}
}
