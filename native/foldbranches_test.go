package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFoldBranches compiles a loop that tests a constant inside an
// inlined helper, as utf8's word tests ptrSize == 4: the branch and its
// dead arm (multiplying by 12345) are gone from the assembly.
func TestFoldBranches(t *testing.T) {
	src := fallback + "func pick(b byte) int {\n\tif wide == 4 {\n\t\treturn int(b) * 12345\n\t}\n\treturn int(b)\n}\n\nfunc Sum(s []byte) int {\n\tn := 0\n\tfor i := range s {\n\t\tn += pick(s[i])\n\t}\n\treturn n\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src, "c.go": "package p\n\nconst wide = 8\n"})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "pick"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	text := asm[strings.Index(asm, "TEXT ·Sum(SB)"):]
	text = text[:strings.Index(text, "RET")]
	if strings.Contains(text, "12345") {
		t.Errorf("Sum keeps the arm of a constant branch that never runs:\n%s", text)
	}
}
