package native

import (
	"strings"
	"testing"
)

// TestStripMinedPoll checks that a counted loop (fastjson's skipWSSlow:
// an index raised by one up to len(s)) polls without a countdown: its
// iterations decrement nothing, and it still polls.
func TestStripMinedPoll(t *testing.T) {
	src := "func Skip(s string) int {\n\tfor i := 1; i < len(s); i++ {\n\t\tif s[i] != ' ' && s[i] != '\\n' && s[i] != '\\t' && s[i] != '\\r' {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	text := compileOne(t, src, "Skip")
	if testing.Verbose() {
		t.Log(text)
	}
	if strings.Contains(text, "SUBQ $1") {
		t.Errorf("Skip counts its iterations down:\n%s", text)
	}
	if !strings.Contains(text, "Poll(SB)") {
		t.Errorf("Skip does not poll:\n%s", text)
	}
}

// TestStripMinedUnrolledPoll checks that an unrolled fast loop, whose
// index steps by more than one below a bound that leaves room for the
// step, and its remainder loop both poll without a countdown. (A count
// of x == c would get a vector loop in front, countloops.go, a third
// loop: x > c gets none.)
func TestStripMinedUnrolledPoll(t *testing.T) {
	src := "func Count(s []byte, c byte) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x > c {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	text := compileOne(t, src, "Count")
	if testing.Verbose() {
		t.Log(text)
	}
	if !strings.Contains(text, "ADDQ $4,") {
		t.Fatalf("Count is not unrolled by four (the test needs a step above one):\n%s", text)
	}
	if strings.Contains(text, "SUBQ $1") {
		t.Errorf("Count counts its iterations down:\n%s", text)
	}
	if n := strings.Count(text, "Poll(SB)"); n != 2 {
		t.Errorf("Count has %d polls, want one per loop (2):\n%s", n, text)
	}
}

// TestStripMineWrappingStep checks that a loop stepping by more than
// one towards an arbitrary bound keeps its countdown: i < n does not
// keep i + 3 from wrapping, and a wrapped i would stay below lim for
// some 2^62 iterations without a poll.
func TestStripMineWrappingStep(t *testing.T) {
	src := "func Every3(s []int, n int) int {\n\tsum := 0\n\tfor i := 0; i < n; i += 3 {\n\t\tsum += i ^ sum<<1\n\t}\n\treturn sum\n}\n"
	text := compileOne(t, src, "Every3")
	if testing.Verbose() {
		t.Log(text)
	}
	if !strings.Contains(text, "SUBQ $1") {
		t.Errorf("Every3 has no countdown:\n%s", text)
	}
}

// TestStripMinedPointerStep checks that murmur3's loop, a pointer
// raised by 4 up to the start plus 4 times a count, polls without a
// countdown: the pointer meets the bound exactly, so it cannot wrap
// while below it.
func TestStripMinedPointerStep(t *testing.T) {
	src := "func Sum(data []byte) uint32 {\n\th := uint32(0)\n\tn := len(data) / 4\n\tvar p uintptr\n\tif len(data) > 0 {\n\t\tp = uintptr(unsafe.Pointer(&data[0]))\n\t}\n\tp1 := p + uintptr(4*n)\n\tfor ; p < p1; p += 4 {\n\t\th = h*31 + *(*uint32)(unsafe.Pointer(p))\n\t}\n\treturn h\n}\n"
	text := compileOne(t, "import \"unsafe\"\n\n"+src, "Sum")
	if testing.Verbose() {
		t.Log(text)
	}
	if strings.Contains(text, "SUBQ $1") {
		t.Errorf("Sum counts its iterations down:\n%s", text)
	}
	if !strings.Contains(text, "Poll(SB)") {
		t.Errorf("Sum does not poll:\n%s", text)
	}
}

// TestStripMinedRangeIndexInPlace checks that a strip-mined range loop,
// whose header raises its index before the test, raises it in place:
// the poll's edge brings the index back as the raised one minus one, so
// the index is not live past the header and the raised value takes its
// register (no LEAQ 1 into another and copy back each iteration).
func TestStripMinedRangeIndexInPlace(t *testing.T) {
	src := "func Norm(x []float64) float64 {\n\tvar s float64\n\tfor _, v := range x {\n\t\tif v < 0 {\n\t\t\tv = -v\n\t\t}\n\t\ts += v\n\t}\n\treturn s\n}\n"
	text := compileOne(t, src, "Norm")
	if testing.Verbose() {
		t.Log(text)
	}
	if !strings.Contains(text, "Poll(SB)") || strings.Contains(text, "SUBQ $1") {
		t.Fatalf("Norm is not strip-mined (the test needs it):\n%s", text)
	}
	if strings.Contains(text, "LEAQ 1(") {
		t.Errorf("Norm raises its index into another register:\n%s", text)
	}
}

// TestStripMinedLengthStep checks hex.Decode's loop, j += 2 while
// j < len(src): the bound is an argument's length, far below the
// largest int, so j + 2 cannot wrap and the loop polls without a
// countdown; a bound that is a plain int keeps the countdown.
func TestStripMinedLengthStep(t *testing.T) {
	src := "func Pairs(dst, src []byte) int {\n\ti := 0\n\tfor j := 1; j < len(src); j += 2 {\n\t\tdst[i] = src[j-1] ^ src[j]\n\t\ti++\n\t}\n\treturn i\n}\n"
	text := compileOne(t, src, "Pairs")
	if strings.Contains(text, "MOVQ $4096") {
		t.Errorf("Pairs counts its iterations down:\n%s", text)
	}
	if !strings.Contains(text, "Poll(SB)") {
		t.Errorf("Pairs does not poll:\n%s", text)
	}
	src = "func Steps(dst []byte, n int) int {\n\ti := 0\n\tfor j := 1; j < n; j += 2 {\n\t\tdst[i] = byte(j)\n\t\ti++\n\t}\n\treturn i\n}\n"
	if text := compileOne(t, src, "Steps"); !strings.Contains(text, "MOVQ $4096") {
		t.Errorf("Steps, bounded by an int that may be the largest, lost its countdown:\n%s", text)
	}
}
