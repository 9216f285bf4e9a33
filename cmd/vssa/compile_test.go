package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompileOutputs checks that -o is a path in DIR whatever the
// working directory, and that compiling with another -o removes the set
// the first one wrote (beside the new one it would redeclare the
// functions).
func TestCompileOutputs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/p\n\ngo 1.24\n",
		"p.go":   "//go:build !amd64 || purego\n\npackage p\n\nfunc F(x int) int { return x + 1 }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	run := func(prefix string) string {
		var stdout, stderr bytes.Buffer
		if status := runMain([]string{"compile", "-inlinable", "-o", prefix, dir, "F"}, &stdout, &stderr); status != exitOK {
			t.Fatalf("vssa compile -o %s: status %d: %s", prefix, status, stderr.String())
		}
		return stderr.String()
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	run("old")
	for _, name := range []string{"old_amd64.s", "old_amd64.go", "old_vssa_test.go"} {
		if !exists(name) {
			t.Errorf("-o old: no %s in %s", name, dir)
		}
	}
	msg := run("new")
	for _, name := range []string{"old_amd64.s", "old_amd64.go", "old_vssa_test.go"} {
		if exists(name) {
			t.Errorf("-o new: %s is still there", name)
		}
		if !strings.Contains(msg, "removed "+filepath.Join(dir, name)+", which an earlier -o wrote for the same functions") {
			t.Errorf("-o new: stderr %q does not say %s was removed", msg, name)
		}
	}
	if !exists("new_amd64.s") {
		t.Errorf("-o new: no new_amd64.s")
	}
}
