package vssair

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFactsOnlyRun: a vet tool's .cfg argument (one package per
// process) with VetxOnly (go vet on a dependency) makes the run
// facts-only; one without it, or other arguments, do not.
func TestFactsOnlyRun(t *testing.T) {
	defer func() { factsOnly, onePackage = false, false }()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dep := write("dep.cfg", `{"ImportPath": "strings", "VetxOnly": true}`)
	vetted := write("vetted.cfg", `{"ImportPath": "example.com/m", "VetxOnly": false}`)
	for _, c := range []struct {
		args      []string
		want, one bool
	}{
		{[]string{"-nilness=false", dep}, true, true},
		{[]string{vetted}, false, true},
		{[]string{"-flags"}, false, false},
		{nil, false, false},
	} {
		factsOnly, onePackage = false, false
		FactsOnlyRun(c.args)
		if factsOnly != c.want || onePackage != c.one {
			t.Errorf("FactsOnlyRun(%v): facts only %v, one package %v; want %v, %v", c.args, factsOnly, onePackage, c.want, c.one)
		}
	}
}
