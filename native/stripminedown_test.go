package native

import (
	"strings"
	"testing"
)

// downSrc holds loops that count down to a constant: lshVU_g's i--
// while i > 0, and a step of 3 while i > 5 (a bound the step can jump).
const downSrc = `func Down(z, x []uint64) {
	for i := len(z) - 1; i > 0; i-- {
		z[i] = x[i]<<1 | x[i-1]>>63
	}
}

func Down3(n int) int {
	s := 0
	for i := n; i > 5; i -= 3 {
		s = s*7 + i
	}
	return s
}
`

// TestStripMinedDown checks that loops counting down to a constant poll
// without a countdown: no counter set to pollInterval (MOVQ $4096), and
// a poll still.
func TestStripMinedDown(t *testing.T) {
	for _, name := range []string{"Down", "Down3"} {
		text := compiledText(t, fallback+downSrc, name, "Down", "Down3")
		if testing.Verbose() {
			t.Log(text)
		}
		if strings.Contains(text, "MOVQ $4096") {
			t.Errorf("%s counts its iterations down:\n%s", name, text)
		}
		if !strings.Contains(text, "Poll(SB)") {
			t.Errorf("%s does not poll:\n%s", name, text)
		}
	}
}

// TestStripMinedDownRuns runs the loops of TestStripMinedDown on counts
// around and across several polls (pollInterval is 4096): the generated
// test's inputs are a few hundred long and never reach one. The wanted
// values come from the loops written again in the test.
func TestStripMinedDownRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback + downSrc,
		"long_test.go": `package p

import "testing"

func TestLong(t *testing.T) {
	for _, n := range []int{-7, 0, 1, 2, 5, 6, 8, 9, 4095, 4096, 4097, 4101, 4102, 4103, 8192, 8193, 12291, 12292, 30001} {
		x := make([]uint64, max(n, 0))
		for i := range x {
			x[i] = uint64(i)*0x9e3779b97f4a7c15 ^ uint64(i)>>3
		}
		z := make([]uint64, len(x))
		want := make([]uint64, len(x))
		for i := len(want) - 1; i > 0; i-- {
			want[i] = x[i]<<1 | x[i-1]>>63
		}
		Down(z, x)
		for i := range z {
			if z[i] != want[i] {
				t.Fatalf("Down, %d words: z[%d] = %#x, want %#x", n, i, z[i], want[i])
			}
		}
		s := 0
		for i := n; i > 5; i -= 3 {
			s = s*7 + i
		}
		if got := Down3(n); got != s {
			t.Errorf("Down3(%d) = %d, want %d", n, got, s)
		}
	}
}
`})
	compileAndWrite(t, dir, "Down", "Down3")
	if out, ok := goTest(t, dir, "-run", "TestLong", "."); !ok {
		t.Errorf("the loops across polls:\n%s", out)
	}
}
