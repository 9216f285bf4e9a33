package native

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMagic64 checks magic64's recipe against Go's division, for
// divisors of both kinds (M even: 10, 1000; M odd: 7, 641) and at the
// edges (3, 2^32±1, 2^63±1, 2^64-1), on dividends at the multiples of
// d and beside them, at the top of the range, and at random.
func TestMagic64(t *testing.T) {
	ds := []uint64{3, 5, 6, 7, 10, 11, 25, 100, 641, 1000, 1e9, 1e19, 1<<32 - 1, 1<<32 + 1, 1<<63 - 1, 1<<63 + 1, math.MaxUint64 - 1, math.MaxUint64}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		d := r.Uint64() >> r.UintN(62)
		if d >= 3 && d&(d-1) != 0 {
			ds = append(ds, d)
		}
	}
	kinds := map[bool]int{}
	for _, d := range ds {
		m, shift, avg := magic64(d)
		kinds[avg]++
		xs := []uint64{0, 1, d - 1, d, d + 1, 2*d - 1, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint64 - d}
		k := math.MaxUint64 / d
		xs = append(xs, k*d, k*d-1, (k/2)*d, (k/2)*d-1)
		for range 2000 {
			xs = append(xs, r.Uint64())
		}
		for _, x := range xs {
			hi, _ := bits.Mul64(x, m)
			if avg {
				hi = (x-hi)>>1 + hi
			}
			if q := hi >> shift; q != x/d {
				t.Fatalf("%d / %d: magic64 gives %d, want %d (m %#x, shift %d, avg %v)", x, d, q, x/d, m, shift, avg)
			}
		}
	}
	if kinds[false] == 0 || kinds[true] == 0 {
		t.Errorf("the divisors tried take one recipe only: %v", kinds)
	}
}

// TestDivideUint64ByConstant: a uint64 divided by a constant, and its
// remainder, are a MULQ by a reciprocal, not a DIVQ (strconv's
// decimal.Assign divides by 10 in its loop); the generated test checks
// the results against Go's, for divisors of both of magic64's recipes,
// one beyond an imm32 (the remainder's multiplication takes it from a
// register) and a 32-bit one (divconst.go's, unchanged).
func TestDivideUint64ByConstant(t *testing.T) {
	src := fallback + `func Digits(v uint64, buf []byte) int {
	n := 0
	for v > 0 && n < len(buf) {
		q := v / 10
		buf[n] = byte(v - 10*q + '0')
		n++
		v = q
	}
	return n
}

func Mix(xs []uint64) uint64 {
	var t uint64
	for _, x := range xs {
		t += x/7 ^ x%641 ^ x/1000 ^ x%(1<<40+3) ^ x/(1<<63+5) ^ uint64(uint32(x)/10)
	}
	return t
}
`
	dir := writeModule(t, map[string]string{"p.go": src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Digits", "Mix"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	if strings.Contains(asm, "DIV") {
		t.Errorf("a division instruction:\n%s", asm)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := rfGo(dir, "test", "-count=1", "-timeout=300s", "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}
}
