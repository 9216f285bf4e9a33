package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compareSrc holds compare loops of the shapes compareloops.go
// recognises (compress/flate's matchLen, slices.Equal over floats,
// slices.Compare with cmp.Compare, a loop with bounds checks of both
// arrays, snappy's extendMatch with two indexes, a loop from a first
// index that may be negative) and slices.Index, whose test is written
// c == s[i].
const compareSrc = `func MatchLen(a, b []byte, max int) int {
	a = a[:max]
	b = b[:len(a)]
	for i, av := range a {
		if b[i] != av {
			return i
		}
	}
	return max
}

func EqualF64(s1, s2 []float64) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

func EqualF32(s1, s2 []float32) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

func CompareI32(s1, s2 []int32) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		v2 := s2[i]
		if c := compare32(v1, v2); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

func FirstDiff(a, b []uint16, n int) int {
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func IndexU16(s []uint16, v uint16) int {
	for i := range s {
		if v == s[i] {
			return i
		}
	}
	return -1
}

func ExtendMatch(src []byte, i, j int) int {
	for ; j < len(src) && src[i] == src[j]; i, j = i+1, j+1 {
	}
	return j
}

func FromK(a, b []byte, k int) int {
	for i := k; i < len(a); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func Extends(src []byte, cands []int, s0 int) (int, int) {
	total, n := 0, 0
	s := s0
	for _, c := range cands {
		base := s
		s += 4
		for i := c + 4; s < len(src) && src[i] == src[s]; i, s = i+1, s+1 {
		}
		total += s - base
		n++
		if s >= len(src) {
			s = s0
		}
	}
	return total, n
}
`

// compareShared is built everywhere: CompareI32's callee, as cmp.Compare
// is slices.Compare's.
const compareShared = `package p

func compare32(x, y int32) int {
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	return 0
}
`

// compareEdgeTest checks each compiled function against a copy of its
// Go original on every mismatch position up to 40 elements, unequal
// lengths, empty slices, NaN and signed zeros, and the panics of bounds
// beyond the slices (the same message from both).
const compareEdgeTest = `package p

import (
	"fmt"
	"math"
	"testing"
)

func refMatchLen(a, b []byte, max int) int {
	a = a[:max]
	b = b[:len(a)]
	for i, av := range a {
		if b[i] != av {
			return i
		}
	}
	return max
}

func refEqualF64(s1, s2 []float64) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

func refEqualF32(s1, s2 []float32) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

func refCompareI32(s1, s2 []int32) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		v2 := s2[i]
		if c := compare32(v1, v2); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

func refFirstDiff(a, b []uint16, n int) int {
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func refExtendMatch(src []byte, i, j int) int {
	for ; j < len(src) && src[i] == src[j]; i, j = i+1, j+1 {
	}
	return j
}

func refFromK(a, b []byte, k int) int {
	for i := k; i < len(a); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func refExtends(src []byte, cands []int, s0 int) (int, int) {
	total, n := 0, 0
	s := s0
	for _, c := range cands {
		base := s
		s += 4
		for i := c + 4; s < len(src) && src[i] == src[s]; i, s = i+1, s+1 {
		}
		total += s - base
		n++
		if s >= len(src) {
			s = s0
		}
	}
	return total, n
}

func refIndexU16(s []uint16, v uint16) int {
	for i := range s {
		if v == s[i] {
			return i
		}
	}
	return -1
}

// run returns f's result or its panic, printed.
func run(f func() any) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint("panic: ", r)
		}
	}()
	return fmt.Sprint(f())
}

func same(t *testing.T, what string, got, want func() any) {
	t.Helper()
	if g, w := run(got), run(want); g != w {
		t.Fatalf("%s: got %s, want %s", what, g, w)
	}
}

func TestCompareEdges(t *testing.T) {
	seed := uint32(1)
	rnd := func() uint32 { seed = seed*1664525 + 1013904223; return seed >> 8 }
	for n := 0; n <= 40; n++ {
		for p := -1; p < n; p++ {
			for extra := -3; extra <= 3; extra++ {
				m := n + extra
				if m < 0 {
					continue
				}
				// a and b agree below min(n, m) except at p.
				ab, bb := make([]byte, n, n+2), make([]byte, m, m+2)
				a16, b16 := make([]uint16, n), make([]uint16, m)
				a32, b32 := make([]int32, n), make([]int32, m)
				f64a, f64b := make([]float64, n), make([]float64, m)
				f32a, f32b := make([]float32, n), make([]float32, m)
				for i := 0; i < n; i++ {
					r := rnd()
					ab[i], a16[i], a32[i] = byte(r), uint16(r), int32(r)-1<<22
					f64a[i], f32a[i] = float64(int32(r)), float32(int32(r))
				}
				for i := 0; i < m; i++ {
					if i < n {
						bb[i], b16[i], b32[i], f64b[i], f32b[i] = ab[i], a16[i], a32[i], f64a[i], f32a[i]
					} else {
						r := rnd()
						bb[i], b16[i], b32[i], f64b[i], f32b[i] = byte(r), uint16(r), int32(r), float64(r), float32(r)
					}
				}
				if p >= 0 && p < m {
					d := rnd()%255 + 1
					bb[p] += byte(d)
					b16[p] += uint16(d)
					b32[p] += int32(d) * int32(1-2*int(p&1))
					switch d % 3 {
					case 0:
						f64b[p], f32b[p] = math.NaN(), float32(math.NaN())
					case 1:
						f64b[p] += float64(d)
						f32b[p] += float32(d)
					default:
						// NaN on both sides differs too.
						f64a[p], f64b[p] = math.NaN(), math.NaN()
						f32a[p], f32b[p] = float32(math.NaN()), float32(math.NaN())
					}
				} else if n > 0 && m > 0 {
					// Signed zeros are equal.
					f64a[0], f64b[0] = 0, math.Copysign(0, -1)
					f32a[0], f32b[0] = 0, float32(math.Copysign(0, -1))
				}
				what := fmt.Sprintf("n=%d m=%d p=%d", n, m, p)
				for max := 0; max <= n+3; max++ {
					same(t, what+fmt.Sprintf(" MatchLen max=%d", max), func() any { return MatchLen(ab, bb, max) }, func() any { return refMatchLen(ab, bb, max) })
				}
				same(t, what+" EqualF64", func() any { return EqualF64(f64a, f64b) }, func() any { return refEqualF64(f64a, f64b) })
				same(t, what+" EqualF32", func() any { return EqualF32(f32a, f32b) }, func() any { return refEqualF32(f32a, f32b) })
				same(t, what+" CompareI32", func() any { return CompareI32(a32, b32) }, func() any { return refCompareI32(a32, b32) })
				for k := n - 2; k <= n+2; k++ {
					same(t, what+fmt.Sprintf(" FirstDiff n=%d", k), func() any { return FirstDiff(a16, b16, k) }, func() any { return refFirstDiff(a16, b16, k) })
				}
				if p >= 0 {
					v := a16[p]
					same(t, what+" IndexU16", func() any { return IndexU16(a16, v) }, func() any { return refIndexU16(a16, v) })
				}
				for k := -2; k <= n+1; k++ {
					same(t, what+fmt.Sprintf(" FromK k=%d", k), func() any { return FromK(ab, bb, k) }, func() any { return refFromK(ab, bb, k) })
				}
				same(t, what+" IndexU16 absent", func() any { return IndexU16(a16, 0xffff) }, func() any { return refIndexU16(a16, 0xffff) })
			}
		}
	}
}

// TestCompareLong runs the vector loops past their polls (every 4096
// vectors: 64 KiB of bytes), with the first difference near the end.
func TestCompareLong(t *testing.T) {
	const n = 200000
	a, b := make([]byte, n), make([]byte, n)
	f1, f2 := make([]float64, n), make([]float64, n)
	for _, p := range []int{-1, 0, n - 17, n - 1} {
		for k := range a {
			a[k], b[k], f1[k], f2[k] = 7, 7, 1.5, 1.5
		}
		if p >= 0 {
			b[p], f2[p] = 8, 2.5
		}
		what := fmt.Sprintf("p=%d", p)
		same(t, what+" MatchLen", func() any { return MatchLen(a, b, n) }, func() any { return refMatchLen(a, b, n) })
		same(t, what+" EqualF64", func() any { return EqualF64(f1, f2) }, func() any { return refEqualF64(f1, f2) })
		same(t, what+" FromK", func() any { return FromK(a, b, 3) }, func() any { return refFromK(a, b, 3) })
		same(t, what+" ExtendMatch", func() any { return ExtendMatch(b, 0, 1) }, func() any { return refExtendMatch(b, 0, 1) })
		same(t, what+" ExtendMatch back", func() any { return ExtendMatch(b, 5, 2) }, func() any { return refExtendMatch(b, 5, 2) })
	}
}

// TestExtends runs the extend loop of snappy's encodeBlock, inside an
// outer loop, over sources of runs, from candidates before s.
func TestExtends(t *testing.T) {
	for n := 0; n <= 300; n += 7 {
		src := make([]byte, n)
		for k := range src {
			src[k] = byte(k / 37 % 3)
		}
		for s0 := 0; s0 < 8 && s0 <= n; s0++ {
			cands := []int{s0 - 1, s0 - 2, s0 - 3, -4, s0 - 3}
			what := fmt.Sprintf("n=%d s0=%d", n, s0)
			same(t, what, func() any { a, b := Extends(src, cands, s0); return [2]int{a, b} }, func() any { a, b := refExtends(src, cands, s0); return [2]int{a, b} })
		}
	}
}

// TestExtendMatchEdges runs extendMatch's two indexes, j = i + d and
// j = i - d, over a source of period d with one byte changed at p, from
// every i (negative ones and those past the end panic).
func TestExtendMatchEdges(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for d := 1; d <= 4; d++ {
			for p := -1; p < n; p++ {
				src := make([]byte, n, n+3)
				for k := range src {
					src[k] = byte(k % d)
				}
				if p >= 0 {
					src[p] ^= 0x80
				}
				for i := -2; i <= n+1; i++ {
					for _, j := range []int{i + d, i - d, i} {
						what := fmt.Sprintf("n=%d d=%d p=%d i=%d j=%d", n, d, p, i, j)
						same(t, what, func() any { return ExtendMatch(src, i, j) }, func() any { return refExtendMatch(src, i, j) })
					}
				}
			}
		}
	}
}
`

// TestCompareLoopVector checks that each compare loop gets the vector
// loop in front (compareloops.go: two vector loads, a lane compare at
// the element's width and the mask of the lanes that differ), as does
// slices.Index's search written v == s[i], and runs the compiled code
// against the Go originals on the edge cases of compareEdgeTest.
func TestCompareLoopVector(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	want := map[string][]string{
		"MatchLen":   {"PCMPEQB", "XORQ $65535", "ADDQ $16, "},
		"EqualF64":   {"CMPPD", "XORQ $65535", "ADDQ $2, "},
		"EqualF32":   {"CMPPS", "XORQ $65535", "ADDQ $4, "},
		"CompareI32": {"PCMPEQL", "XORQ $65535", "ADDQ $4, "},
		"FirstDiff":  {"PCMPEQW", "XORQ $65535", "ADDQ $8, "},
		"IndexU16":   {"PCMPEQW", "PMOVMSKB", "ADDQ $8, "},
		// Two indexes, each tested unsigned against its limit.
		"ExtendMatch": {"PCMPEQB", "XORQ $65535", "JCC ", "JCS "},
		// A first value that may be negative: tested unsigned.
		"FromK": {"PCMPEQB", "XORQ $65535", "JCS "},
		// snappy encodeBlock's extend loop, whose indexes need moves
		// into the scalar loop: on edges of their own.
		"Extends": {"PCMPEQB", "XORQ $65535"},
	}
	funcs := []string{"MatchLen", "EqualF64", "EqualF32", "CompareI32", "FirstDiff", "IndexU16", "ExtendMatch", "FromK", "Extends"}
	dir := writeModule(t, map[string]string{"p.go": fallback + compareSrc, "shared.go": compareShared, "edge_test.go": compareEdgeTest})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	for _, name := range funcs {
		text := asm[strings.Index(asm, "TEXT ·"+name+"(SB)"):]
		if j := strings.Index(text[1:], "\nTEXT "); j >= 0 {
			text = text[:j+1]
		}
		for _, w := range want[name] {
			if !strings.Contains(text, w) {
				t.Errorf("%s has no %s:\n%s", name, w, text)
			}
		}
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, msg)
	}
}

// TestCompareLoopNotOther checks loops that look like compare loops but
// whose iterations on equal elements do more than step (a store, a
// return), or whose elements are not compared for equality alone: none
// gets the vector loop.
func TestCompareLoopNotOther(t *testing.T) {
	for name, src := range map[string]string{
		"Store":     "func Store(a, b []byte) int {\n\tfor i := range a {\n\t\tif a[i] != b[i] {\n\t\t\treturn i\n\t\t}\n\t\tb[i] = 0\n\t}\n\treturn -1\n}\n",
		"FirstSame": "func FirstSame(a, b []byte) int {\n\tfor i := range a {\n\t\tif a[i] == b[i] {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n",
		"Less":      "func Less(a, b []byte) int {\n\tfor i := range a {\n\t\tif a[i] < b[i]+1 {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n",
	} {
		if text := compileOne(t, src, name); strings.Contains(text, "PCMPEQB") {
			t.Errorf("%s got a vector loop:\n%s", name, text)
		}
	}
}

// TestSearchThenCompareLoop compiles a search loop followed by a compare
// loop. Vectorising the first adds blocks, and the second was then
// examined with the loop bodies found before, shorter than the
// function's blocks: findCompareLoop indexed past them and vssa compile
// panicked (random function F168 of seed 6). Both loops get their vector
// loop.
func TestSearchThenCompareLoop(t *testing.T) {
	src := "func SearchThenCompare(s []byte, c byte, a, b []byte) (int, int) {\n" +
		"\tn := -1\n\tfor i, v := range s {\n\t\tif v == c {\n\t\t\tn = i\n\t\t\tbreak\n\t\t}\n\t}\n" +
		"\tb = b[:len(a)]\n\tfor i, av := range a {\n\t\tif b[i] != av {\n\t\t\treturn n, i\n\t\t}\n\t}\n\treturn n, len(a)\n}\n"
	text := compileOne(t, src, "SearchThenCompare")
	if n := strings.Count(text, "PCMPEQB"); n < 2 {
		t.Errorf("%d PCMPEQB, want one in each loop's vector loop:\n%s", n, text)
	}
}
