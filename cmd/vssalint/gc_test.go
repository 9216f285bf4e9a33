package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBCEConfirmedByGC: vssalint's bce reports only the checks gc keeps
// (-bce.gc, on by default there). table[h.Hash(u)] keeps its check in
// vssa's view, which does not inline Hash and reads the bounds of
// results only of its own package's functions, while gc inlines it and
// proves the shifted value below the table's length; s[i] with i from
// a map lookup is kept by both.
func TestBCEConfirmedByGC(t *testing.T) {
	tool := buildTool(t)
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod": "module example.com/gcbce\n\ngo 1.25\n",
		"h/h.go": `package h

func Hash(u uint64) uint32 { return uint32((u * 0x9E3779B1) >> (64 - 14)) }
`,
		"a.go": `package gcbce

import "example.com/gcbce/h"

var table [1 << 14]uint32

func Sum(s []uint64) uint32 {
	var t uint32
	for _, u := range s {
		t += table[h.Hash(u)]
	}
	return t
}

func Pick(s []int, m map[int]int) int {
	n := 0
	for k := range m {
		n += s[m[k]]
	}
	return n
}
`,
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		cmd := exec.Command(tool, args...)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	const sum, pick = "a.go:10:13: bounds check left in a loop", "a.go:18:9: bounds check left in a loop"
	all := run("-bce.all", "-bce.gc=false", ".")
	if !strings.Contains(all, sum) || !strings.Contains(all, pick) {
		t.Fatalf("vssalint -bce.all -bce.gc=false: want both checks reported, got:\n%s", all)
	}
	confirmed := run("-bce.all", ".")
	if strings.Contains(confirmed, sum) || !strings.Contains(confirmed, pick) {
		t.Errorf("vssalint -bce.all: want only the check gc keeps (%s), got:\n%s", pick, confirmed)
	}
}
