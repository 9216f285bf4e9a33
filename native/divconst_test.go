package native

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestMagic checks the reciprocal divConst multiplies by, as MULQ and
// SHRQ compute with it, against Go's division, for divisors and
// dividends at the edges and at random.
func TestMagic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	divisors := []uint64{3, 5, 6, 7, 10, 11, 12, 25, 100, 641, 1000, 65521, 65535, 65537, 1<<31 - 1, 1<<30 + 1, 3 << 20}
	for range 200 {
		d := 1 + r.Uint64N(1<<31-1)
		if d&(d-1) != 0 {
			divisors = append(divisors, d)
		}
	}
	found := 0
	for _, d := range divisors {
		m32, p32, ok32 := magic32(d)
		if ok32 {
			found++
		}
		m, s := magic(d)
		xs := []uint64{0, 1, d - 1, d, d + 1, 2*d - 1, 2 * d, math.MaxUint32, math.MaxUint32 - 1, math.MaxUint32 / d * d, math.MaxUint32/d*d - 1}
		for range 2000 {
			xs = append(xs, uint64(r.Uint32()))
		}
		for _, x := range xs {
			hi, _ := bits.Mul64(x, m)
			if q := hi >> s; q != x/d {
				t.Fatalf("%d / %d: the reciprocal gives %d, want %d", x, d, q, x/d)
			}
			if ok32 {
				hi, lo := bits.Mul64(x, m32)
				if hi != 0 || lo>>p32 != x/d {
					t.Fatalf("%d / %d: the 32-bit reciprocal %d >> %d gives %d (high half %d), want %d", x, d, m32, p32, lo>>p32, hi, x/d)
				}
			}
		}
	}
	if found == 0 {
		t.Error("no divisor has a 32-bit reciprocal: magic32 is never used")
	}
	t.Logf("%d of %d divisors have a 32-bit reciprocal", found, len(divisors))
}

// TestDivPow2 checks that a 64-bit division or remainder by a constant
// power of two, signed or unsigned, needs no IDIVQ or DIVQ (the
// generated tests of testdata/subset's Halves check the values).
func TestDivPow2(t *testing.T) {
	src := fallback + "func Div(s []int64, u []uint64) (int64, uint64) {\n\tvar a int64\n\tvar b uint64\n\tfor i := range s {\n\t\ta += s[i]/2 + s[i]%1024\n\t}\n\tfor i := range u {\n\t\tb += u[i]/8 + u[i]%8\n\t}\n\treturn a, b\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Div"}})
	if err != nil {
		t.Fatal(err)
	}
	if asm := string(out.Files[filepath.Join(dir, "out_amd64.s")]); strings.Contains(asm, "DIVQ") {
		t.Errorf("a division by a power of two divides:\n%s", asm)
	}
}
