package native

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestFrameOnlyAtCalls checks that a function whose frame holds only its
// poll's and panic helpers' arguments and save area declares no frame
// (NOSPLIT|NOFRAME, $0: no frame pointer saved, SP not moved on its
// common path) and moves SP by ADJSP around each such call, in pairs,
// saving BP in the word below the return address and pointing BP at it;
// and that the code runs right through those calls: polls every 4096
// rounds at stack depths that make the poll grow (copy) the stack, and
// an index check that panics with gc's message, recovered.
func TestFrameOnlyAtCalls(t *testing.T) {
	src := "func Index(s []byte, c byte) int {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == c {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n\n" +
		"func At(s []int, k int) int {\n\tn := 0\n\tfor i := 0; i < k; i++ {\n\t\tn += s[i] * i\n\t}\n\treturn n\n}\n"
	test := `package p

import (
	"fmt"
	"testing"
)

func deep(d int, f func()) {
	var pad [64]byte
	if d > 0 {
		deep(d-1, f)
	}
	f()
	_ = pad
}

func TestCalls(t *testing.T) {
	s := make([]byte, 50000)
	s[len(s)-1] = 7
	for d := 0; d < 300; d += 7 {
		done := make(chan int)
		go deep(d, func() { done <- Index(s, 7) })
		if got := <-done; got != len(s)-1 {
			t.Fatalf("depth %d: Index = %d, want %d", d, got, len(s)-1)
		}
	}
	xs := make([]int, 9000)
	for i := range xs {
		xs[i] = i % 13
	}
	want := 0
	for i, x := range xs {
		want += x * i
	}
	if got := At(xs, len(xs)); got != want {
		t.Fatalf("At = %d, want %d", got, want)
	}
	func() {
		defer func() {
			if msg := fmt.Sprint(recover()); msg != "runtime error: index out of range [9000] with length 9000" {
				t.Errorf("At past the end: recovered %q", msg)
			}
		}()
		At(xs, len(xs)+1)
	}()
}
`
	dir, out, texts := genPkg(t, src, map[string]string{"calls_test.go": test}, []string{"Index", "At"})
	for name, text := range texts {
		if !strings.Contains(text, "(SB), NOSPLIT|NOFRAME, $0-") {
			t.Errorf("%s declares a frame:\n%s", name, text)
		}
		down, up := strings.Count(text, "\tADJSP $"), strings.Count(text, "\tADJSP $-")
		if up == 0 || down != 2*up {
			t.Errorf("%s: %d ADJSP down and %d up, want them paired:\n%s", name, down-up, up, text)
		}
		// The word below the return address is a saved BP, as the
		// runtime takes it, and BP points at it during the call.
		for _, m := range regexp.MustCompile(`ADJSP \$(\d+)\n\tMOVQ BP, (\d+)\(SP\)\n\tLEAQ (\d+)\(SP\), BP\n`).FindAllStringSubmatch(text, -1) {
			n, _ := strconv.Atoi(m[1])
			if m[2] != strconv.Itoa(n-8) || m[3] != m[2] {
				t.Errorf("%s: BP saved at %s(SP) and set to %s(SP) in a frame of %d bytes:\n%s", name, m[2], m[3], n, text)
			}
			down--
		}
		if down != up {
			t.Errorf("%s: %d ADJSP down without BP saved and set after it:\n%s", name, down-up, text)
		}
	}
	runGenPkg(t, dir, out, "TestCalls|TestVSSA")
}
