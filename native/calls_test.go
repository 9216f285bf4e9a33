package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestArgsReloadedOnlyAfterCalls checks that a function that calls
// reads a pointer argument from the argument frame again only where a
// call may have moved the stack: its loop before the call reads the
// entry's load, and the use after the call a load of its own.
func TestArgsReloadedOnlyAfterCalls(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + `func Sum(s []int) int {
	n := 0
	for _, v := range s {
		n += v
	}
	n = H(n)
	return n + s[0]
}

func H(k int) int {
	if k > 9 {
		return H(k - 9)
	}
	return k
}
`})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "H"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, path := range out.Order {
		if s := string(out.Files[path]); strings.Contains(s, "TEXT ·Sum(SB)") {
			text = s[strings.Index(s, "TEXT ·Sum(SB)"):]
			text = text[:strings.Index(text, "RET")]
		}
	}
	if !strings.Contains(text, "CALL") {
		t.Fatalf("Sum calls nothing: the test checks nothing\n%s", text)
	}
	if n := strings.Count(text, "s_base+0(FP)"); n != 2 {
		t.Errorf("s's pointer read %d times from the argument frame, want twice (at the entry and after the call):\n%s", n, text)
	}
}
