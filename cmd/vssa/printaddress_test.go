package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintlnAddresses checks that the built-in println shows the
// addresses fmt's %p shows (a uintptr conversion's: testdata/run's
// printaddress programs compare those with Go's), for a pointer, a
// slice and a map. println writes to standard error, which the corpus
// programs cannot read back, and Go's own addresses differ from run to
// run, so the two outputs of one run are compared here.
func TestPrintlnAddresses(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds vssa")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	prog := `package main

import "fmt"

func main() {
	var b [4]int16
	m := map[int]int{1: 2}
	s := b[1:3]
	println(&b[2], s, m)
	fmt.Printf("%p [2/3]%p %p\n", &b[2], &b[1], m)
}
`
	if err := os.WriteFile(src, []byte(prog), 0o666); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCommand(t, buildVSSA(t), "run", src)
	if code != 0 || out == "" || errOut != out {
		t.Errorf("vssa run: exit %d, println wrote %q, fmt %q; want exit 0 and the same addresses", code, errOut, out)
	}
	var p, e uint64
	if _, err := fmt.Sscanf(strings.Fields(out)[0], "0x%x", &p); err != nil || p == 0 {
		t.Errorf("first address %q: %v", strings.Fields(out)[0], err)
	}
	if _, err := fmt.Sscanf(strings.Fields(out)[1], "[2/3]0x%x", &e); err != nil || p-e != 2 {
		t.Errorf("element addresses %q: %v, want them 2 bytes apart", out, err)
	}
}
