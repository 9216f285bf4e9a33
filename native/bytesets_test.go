package native

import (
	"strings"
	"testing"
)

// byteRangeSrc has search loops that stop at a byte of a set: a range
// of unsigned values, each exit condition once (x >= k, x > k, x < k,
// x <= k, and a range loop that goes on while x < k); none of four
// bytes (skipWSSlow's), one of two, a signed x < 0 (the top half); and
// two sets the vector loop cannot test: two bytes and a range (Quote),
// a signed range in the middle (Signed).
const byteRangeSrc = `func Ge(p []byte) int {
	for i := 0; i < len(p); i++ {
		if p[i] >= 0x80 {
			return i
		}
	}
	return -1
}

func Gt(p []byte) int {
	for i := 0; i < len(p); i++ {
		if p[i] > 'z' {
			return i
		}
	}
	return -1
}

func Lt(p []byte, n int) int {
	for i := 0; i < n; i++ {
		if p[i] < '0' {
			return i
		}
	}
	return -1
}

func Le(p []byte) int {
	for i := 0; i < len(p); i++ {
		if p[i] <= ' ' {
			return i
		}
	}
	return -1
}

func While(p []byte) int {
	for i, c := range p {
		if c < 0xF0 {
			continue
		}
		return i
	}
	return -1
}

func WS(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] != 0x20 && s[i] != 0x0A && s[i] != 0x09 && s[i] != 0x0D {
			return i
		}
	}
	return -1
}

func Any2(p []byte) int {
	for i := range p {
		if c := p[i]; c == 'a' || c == 'z' {
			return i
		}
	}
	return -1
}

func Neg(p []int8) int {
	for i := 0; i < len(p); i++ {
		if p[i] < 0 {
			return i
		}
	}
	return -1
}

func Quote(p []byte) int {
	for i := 0; i < len(p); i++ {
		if c := p[i]; c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return -1
}

func Signed(p []int8) int {
	for i := 0; i < len(p); i++ {
		if p[i] < -3 {
			return i
		}
	}
	return -1
}
`

// byteRangeTest compares each function with its Go original (the
// same source, renamed) on every length 0..40 (the vector loop's
// tail) and 100, with no byte in the range, one at each position, and
// random bytes near the range's edge; Lt's n runs past len(p) too, so
// that its bounds check panics in both, at the same index.
const byteRangeTest = `package p

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestByteRanges(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	catch := func(f func() int) (v int, msg string) {
		defer func() {
			if e := recover(); e != nil {
				msg = fmt.Sprint(e)
			}
		}()
		return f(), ""
	}
	type pair struct {
		name      string
		got, want func([]byte) int
		in, out   byte   // a byte in the set and one outside it
		more      []byte // bytes the random inputs mix in
	}
	pairs := []pair{
		{"Ge", Ge, refGe, 0x80, 0x7F, nil},
		{"Gt", Gt, refGt, '{', 'z', nil},
		{"Lt", func(p []byte) int { return Lt(p, len(p)) }, func(p []byte) int { return refLt(p, len(p)) }, '/', '0', nil},
		{"Le", Le, refLe, ' ', '!', nil},
		{"While", While, refWhile, 0xF0, 0xEF, nil},
		{"Signed", func(p []byte) int { return Signed(i8(p)) }, func(p []byte) int { return refSigned(i8(p)) }, 0x80, 0xFD, nil},
		{"WS", func(p []byte) int { return WS(string(p)) }, func(p []byte) int { return refWS(string(p)) }, 'x', ' ', []byte("\n\t\r")},
		{"Any2", Any2, refAny2, 'z', 'b', []byte("a{y")},
		{"Neg", func(p []byte) int { return Neg(i8(p)) }, func(p []byte) int { return refNeg(i8(p)) }, 0xFF, 0x00, []byte{0x7F, 0x80}},
		{"Quote", Quote, refQuote, '"', ' ', []byte("\\\x1f!")},
	}
	for _, pr := range pairs {
		for n := 0; n <= 100; n++ {
			if n > 40 && n != 100 {
				continue
			}
			var inputs [][]byte
			none := make([]byte, n)
			for i := range none {
				none[i] = pr.out
			}
			inputs = append(inputs, none)
			for j := 0; j < n; j++ {
				p := append([]byte(nil), none...)
				p[j] = pr.in
				inputs = append(inputs, p)
			}
			for k := 0; k < 20; k++ {
				p := make([]byte, n)
				for i := range p {
					switch r.IntN(5) {
					case 0:
						p[i] = byte(r.Uint32())
					case 4:
						if len(pr.more) > 0 {
							p[i] = pr.more[r.IntN(len(pr.more))]
						}
					case 1:
						p[i] = pr.in + byte(r.IntN(3)) - 1
					default:
						p[i] = pr.out + byte(r.IntN(3)) - 1
					}
				}
				inputs = append(inputs, p)
			}
			for _, p := range inputs {
				got, gmsg := catch(func() int { return pr.got(p) })
				want, wmsg := catch(func() int { return pr.want(p) })
				if got != want || gmsg != wmsg {
					t.Fatalf("%s(%v) = %d %q, want %d %q", pr.name, p, got, gmsg, want, wmsg)
				}
			}
			if pr.name == "Lt" && n > 0 {
				p := none[:n-1]
				got, gmsg := catch(func() int { return Lt(p, n) })
				want, wmsg := catch(func() int { return refLt(p, n) })
				if got != want || gmsg != wmsg || wmsg == "" {
					t.Fatalf("Lt past the length %d: %d %q, want %d %q", n-1, got, gmsg, want, wmsg)
				}
			}
		}
	}
}

func i8(p []byte) []int8 {
	q := make([]int8, len(p))
	for i, b := range p {
		q[i] = int8(b)
	}
	return q
}
`

// TestByteRangeSearch checks that a search loop stopping at a byte of
// a set gets the SSE2 loop in front (bytesets.go): PMAXUB for x >= k
// and x > k, PMINUB for x <= k and x < k, PCMPEQBs or-ed for one of a
// few bytes, and negated (XORQ $65535) for none of a few; that a set
// it cannot test (Quote's, a signed range in the middle) keeps the
// scalar loop alone; and runs the compiled functions against their Go
// originals (byteRangeTest).
func TestByteRangeSearch(t *testing.T) {
	funcs := []string{"Ge", "Gt", "Lt", "Le", "While", "WS", "Any2", "Neg", "Quote", "Signed"}
	dir, out, texts := genPkg(t, byteRangeSrc, map[string]string{"ref_test.go": "package p\n\n" + strings.NewReplacer("func ", "func ref").Replace(byteRangeSrc),
		"ranges_test.go": byteRangeTest}, funcs)
	want := map[string]string{"Ge": "PMAXUB", "Gt": "PMAXUB", "Lt": "PMINUB", "Le": "PMINUB", "While": "PMAXUB",
		"WS": "XORQ $65535", "Any2": "ORQ", "Neg": "PMAXUB", "Quote": "", "Signed": ""}
	for _, name := range funcs {
		text := texts[name]
		has := strings.Contains(text, "PMOVMSKB")
		switch {
		case want[name] == "" && has:
			t.Errorf("%s leaves at a set of bytes the vector loop cannot test, but has one:\n%s", name, text)
		case want[name] != "" && (!has || !strings.Contains(text, want[name])):
			t.Errorf("%s has no vector loop with %s:\n%s", name, want[name], text)
		}
	}
	runGenPkg(t, dir, out, "TestByteRanges")
}
