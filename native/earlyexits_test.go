package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLeftToGCEarlyExits checks that a function gc inlines whose loop
// can stop at the first bytes it reads, and which vssa cannot make a
// vector loop (gjson's isSimpleName), is left to gc saying why, and
// compiled with Inlinable; and that inlinable functions compile whose
// loop has no early exit (a sum), whose early-exit loop is a vector
// loop (flate's matchLen), whose loop does work besides its tests
// (strings' makeASCIISet sets a bit a byte; a number parsed digit by
// digit), or whose early exit tests
// a counter, not the data.
func TestLeftToGCEarlyExits(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		left      bool
	}{
		{"IsSimpleName", "(s string) bool {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] < ' ' {\n\t\t\treturn false\n\t\t}\n\t\tswitch s[i] {\n\t\tcase '[', ']', '{', '}', '(', ')', '#', '|', '!':\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n", true},
		{"Sum", "(b []byte) int {\n\tn := 0\n\tfor _, c := range b {\n\t\tn += int(c)\n\t}\n\treturn n\n}\n", false},
		{"MatchLen", "(a, b []byte) int {\n\tb = b[:len(a)]\n\tfor i, av := range a {\n\t\tif b[i] != av {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn len(a)\n}\n", false},
		{"ASCIISet", "(chars string) (as [8]uint32, ok bool) {\n\tfor i := 0; i < len(chars); i++ {\n\t\tc := chars[i]\n\t\tif c >= 0x80 {\n\t\t\treturn as, false\n\t\t}\n\t\tas[c/32] |= 1 << (c % 32)\n\t}\n\treturn as, true\n}\n", false},
		{"Digits", "(s string) (uint64, bool) {\n\tvar n uint64\n\tfor i := 0; i < len(s); i++ {\n\t\td := s[i] - '0'\n\t\tif d >= 10 {\n\t\t\treturn n, false\n\t\t}\n\t\tn = n*10 + uint64(d)\n\t}\n\treturn n, true\n}\n", false},
		{"Counted", "(b []byte, k int) int {\n\tn := 0\n\tfor i := range b {\n\t\tif i == k {\n\t\t\tbreak\n\t\t}\n\t\tn += int(b[i])\n\t}\n\treturn n\n}\n", false},
	} {
		dir := inlinedModule(t, tc.name, "func "+tc.name+tc.src)
		_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{tc.name}})
		switch {
		case tc.left && (err == nil || !strings.Contains(err.Error(), "p.go:5:1: "+tc.name+": left to gc: "+leftInlinedExit+" (-inlinable compiles it anyway)")):
			t.Errorf("%s: got %v, want it left to gc, its loop leaving early", tc.name, err)
		case !tc.left && err != nil:
			t.Errorf("%s: %v, want it compiled", tc.name, err)
		}
		if tc.left {
			if _, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{tc.name}, Inlinable: true}); err != nil {
				t.Errorf("%s with Inlinable: %v, want it compiled", tc.name, err)
			}
		}
	}
}

// inlinedModule writes a module whose fallback file holds src, and
// checks that gc inlines its function name, which the tests of the
// rules for such functions need.
func inlinedModule(t *testing.T, name, src string) string {
	t.Helper()
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	inl, err := gcInlinable(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !inl[name] {
		t.Fatalf("gc does not inline %s: the test needs it to", name)
	}
	return dir
}
