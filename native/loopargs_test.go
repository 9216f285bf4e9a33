package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLoopArgLoads checks that the inner loop of Scan, which calls
// nothing, reads src's base from a register loaded before it rather
// than from the argument frame each iteration (reloadPointerArgs
// reloads a pointer argument after the outer loop's call).
func TestLoopArgLoads(t *testing.T) {
	text := compileOne(t, scanSrc, "Scan")
	blocks := regexp.MustCompile(`(?m)^\w+:$`).Split(text, -1)
	k := -1
	for i, b := range blocks {
		if strings.Contains(b, "XORQ") {
			k = i
		}
	}
	if k < 1 || k+1 >= len(blocks) || !strings.Contains(text, "CALL ·vssaOutCall") {
		t.Fatalf("no inner loop body or no call found\n%s", text)
	}
	for _, b := range blocks[k-1 : k+2] {
		if strings.Contains(b, "(FP)") {
			t.Errorf("the inner loop reads the argument frame:\n%s", b)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}

// TestLoopArgLoadsPollLimit checks that a loop reading more pointer
// arguments than its poll can carry keeps reading them from the
// argument frame: the function compiles, and its generated test passes.
func TestLoopArgLoadsPollLimit(t *testing.T) {
	const src = `import "strconv"

func Nine(a, b, c, d, e, f, g, h, i *int, n int) int {
	s := len(strconv.Itoa(n))
	for j := 0; j < n; j++ {
		s += *a + *b + *c + *d + *e + *f + *g + *h + *i + j
	}
	return s
}
`
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Nine"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", "Test", "."); err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
}
