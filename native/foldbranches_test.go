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

// TestFoldSelfCompare compiles a search that asks isNaN of integers, as
// slices' BinarySearch does (x != x): the comparison is false and its
// branch gone.
func TestFoldSelfCompare(t *testing.T) {
	src := fallback + "func isNaN(x int64) bool {\n\treturn x != x\n}\n\nfunc Count(s []int64, v int64) int {\n\tn := 0\n\tfor i := range s {\n\t\tif s[i] == v || isNaN(s[i]) && isNaN(v) {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Count", "isNaN"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	text := asm[strings.Index(asm, "TEXT ·Count(SB)"):]
	text = text[:strings.Index(text, "RET")]
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "CMPQ" && f[1] == f[2]+"," {
			t.Errorf("Count compares a register with itself: %s\n%s", line, text)
		}
	}
}
