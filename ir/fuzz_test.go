package ir

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser. Malformed text must give
// an error, never a panic; text that parses must print to a form that
// parses and prints back identically, and the checker must not panic on
// it. Seeds: the testdata modules and the corpus in
// testdata/fuzz/FuzzParse (kept from fuzzing runs).
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.vssa")
	more, _ := filepath.Glob("testdata/check/*.vssa")
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Add(goodFunc)
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("fuzz", src)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T, want *ParseError", err)
			}
			return
		}
		first := m.String()
		m2, err := Parse("printed", first)
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, first)
		}
		if second := m2.String(); second != first {
			t.Fatalf("round trip differs:\n%s\n---\n%s", first, second)
		}
		for _, fn := range m.Funcs {
			Check(fn, RTL)
			Check(fn, SSA)
			fn.Liveness()
		}
	})
}
