package native

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// compileOne compiles the function name of src (the body of a file of
// package p built where the assembly is not) and returns its TEXT block.
func compileOne(t *testing.T, src, name string) string {
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{name}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		text := string(out.Files[path])
		if i := strings.Index(text, "TEXT ·"+name+"(SB)"); i >= 0 {
			text = text[i:]
			if j := strings.Index(text[1:], "\nTEXT "); j >= 0 {
				text = text[:j+1]
			}
			return text
		}
	}
	t.Fatalf("no TEXT block of %s in %v", name, out.Order)
	return ""
}

var textLine = regexp.MustCompile(`TEXT ·\w+\(SB\), (NOSPLIT(?:\|NOFRAME)?, )?\$(\d+)-\d+`)

// TestFrameHoldsWhatIsSaved checks that a loop's frame is its poll's
// outgoing arguments and a word for each register the poll saves (a sum
// keeps no more than six values across it), not a save area for every
// register, and that such a frame goes without the stack check.
func TestFrameHoldsWhatIsSaved(t *testing.T) {
	text := compileOne(t, "func Sum(s []int) int {\n\tn := 0\n\tfor _, v := range s {\n\t\tn += v\n\t}\n\treturn n\n}\n", "Sum")
	m := textLine.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no TEXT line in\n%s", text)
	}
	frame, _ := strconv.Atoi(m[2])
	if strings.Contains(m[1], "NOFRAME") {
		// Made only around the poll's call (framecalls.go).
		if a := regexp.MustCompile(`ADJSP \$(\d+)`).FindStringSubmatch(text); a != nil {
			frame, _ = strconv.Atoi(a[1])
		}
	}
	if limit := 16*MaxPollPointers + 8*6; frame > limit {
		t.Errorf("Sum's frame is %d bytes, want at most %d:\n%s", frame, limit, text)
	}
	if m[1] == "" {
		t.Errorf("Sum has a stack check, though its frame fits the nosplit limit:\n%s", text)
	}
}
