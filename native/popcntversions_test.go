package native

import (
	"strings"
	"testing"
)

// popcntSrc counts bits in loops (a range loop, bitset's popcntSlice
// with its four accumulators and tail, a count of 32-bit words with a
// branch in the body), and once outside any loop.
const popcntSrc = `import "math/bits"

func Count(s []uint64) (cnt uint64) {
	for _, x := range s {
		cnt += uint64(bits.OnesCount64(x))
	}
	return
}

func Slice(s []uint64) (cnt uint64) {
	var c0, c1, c2, c3 uint64
	n := len(s)
	i := 0
	for ; i <= n-4; i += 4 {
		c0 += uint64(bits.OnesCount64(s[i]))
		c1 += uint64(bits.OnesCount64(s[i+1]))
		c2 += uint64(bits.OnesCount64(s[i+2]))
		c3 += uint64(bits.OnesCount64(s[i+3]))
	}
	cnt = c0 + c1 + c2 + c3
	for ; i < n; i++ {
		cnt += uint64(bits.OnesCount64(s[i]))
	}
	return
}

func Odd(s []uint32, k int) int {
	n := 0
	for i := range s {
		if c := bits.OnesCount32(s[i]); c&1 == 1 {
			n += c + k
		} else {
			n -= i
		}
	}
	return n
}

func One(x uint64) int {
	return bits.OnesCount64(x) + 1
}
`

// popcntTest runs each function and its Go original on every length
// 0..40 and 100 of random words (all bits, few bits, most bits), with
// POPCNT and, the flag set false, without.
const popcntTest = `package p

import (
	"math/rand/v2"
	"testing"
)

func TestPopcntVersions(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, has := range []bool{true, false} {
		saved := vssaOutPOPCNT
		vssaOutPOPCNT = saved && has
		for n := 0; n <= 100; n++ {
			if n > 40 && n != 100 {
				continue
			}
			for k := 0; k < 10; k++ {
				s := make([]uint64, n)
				w := make([]uint32, n)
				for i := range s {
					switch k % 3 {
					case 0:
						s[i] = r.Uint64()
					case 1:
						s[i] = r.Uint64() & r.Uint64() & r.Uint64()
					default:
						s[i] = r.Uint64() | r.Uint64() | r.Uint64()
					}
					w[i] = uint32(s[i] >> 7)
				}
				if got, want := Count(s), refCount(s); got != want {
					t.Fatalf("POPCNT %v: Count(%x) = %d, want %d", has, s, got, want)
				}
				if got, want := Slice(s), refSlice(s); got != want {
					t.Fatalf("POPCNT %v: Slice(%x) = %d, want %d", has, s, got, want)
				}
				if got, want := Odd(w, k), refOdd(w, k); got != want {
					t.Fatalf("POPCNT %v: Odd(%x, %d) = %d, want %d", has, w, k, got, want)
				}
				if n > 0 {
					if got, want := One(s[0]), refOne(s[0]); got != want {
						t.Fatalf("POPCNT %v: One(%x) = %d, want %d", has, s[0], got, want)
					}
				}
			}
		}
		vssaOutPOPCNT = saved
	}
}
`

// TestPopcntVersions checks that a function counting bits in a loop is
// compiled twice (popcntversions.go): its loops count with a bare
// POPCNTQ in one copy and with shifts and masks in the other, neither
// testing the CPU flag, which is read once at the entry; a count
// outside loops keeps its test. It then runs the compiled functions
// against their originals both ways (popcntTest).
func TestPopcntVersions(t *testing.T) {
	funcs := []string{"Count", "Slice", "Odd", "One"}
	dir, out, texts := genPkg(t, popcntSrc, map[string]string{"ref_test.go": "package p\n\n" + strings.NewReplacer("func ", "func ref").Replace(popcntSrc),
		"popcnt_test.go": popcntTest}, funcs)
	for _, name := range funcs {
		text := texts[name]
		tests, reads := strings.Count(text, "CMPB ·vssaOutPOPCNT(SB)"), strings.Count(text, "MOVBQZX ·vssaOutPOPCNT(SB)")
		switch {
		case name == "One" && (tests != 1 || reads != 0):
			t.Errorf("One counts outside a loop: want its one test of the flag, got %d tests, %d reads:\n%s", tests, reads, text)
		case name != "One" && (tests != 0 || reads != 1 || !strings.Contains(text, "POPCNTQ") || !strings.Contains(text, "IMULQ vssaOutStr")):
			t.Errorf("%s: want one read of the flag, no test, both counts; got %d tests, %d reads:\n%s", name, tests, reads, text)
		}
	}
	runGenPkg(t, dir, out, "TestPopcntVersions")
}
