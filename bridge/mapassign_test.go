package bridge_test

import (
	"strings"
	"testing"
)

// TestAssignLookups checks which lookups the bridge marks as the read of
// one map assignment ("lookup assign"): those of m[k] op= v (op not / or
// %), m[k]++ and m[k] = append(m[k], …), the last emitted after the
// append's other arguments; no others.
func TestAssignLookups(t *testing.T) {
	prog := load(t, "testdata/mapassign/main.go")
	checkModule(t, "mapassign", prog)
	seen := 0
	for _, f := range prog.Module.Funcs {
		name := f.Name[strings.LastIndex(f.Name, ".")+1:]
		text := f.String()
		switch {
		case strings.HasPrefix(name, "flag"):
			seen++
			if strings.Count(text, "lookup assign ") != 1 || strings.Count(text, "lookup ") != 1 {
				t.Errorf("%s: want one lookup, marked assign:\n%s", name, text)
			}
			if strings.HasPrefix(name, "flagAppend") {
				call, read := strings.Index(text, "call @command-line-arguments.f("), strings.Index(text, "lookup assign ")
				if call < 0 || read < call {
					t.Errorf("%s: the read must follow the call of f:\n%s", name, text)
				}
			}
		case strings.HasPrefix(name, "plain"):
			seen++
			if strings.Count(text, "lookup ") != 1 || strings.Contains(text, "lookup assign") {
				t.Errorf("%s: want one plain lookup:\n%s", name, text)
			}
		}
	}
	if seen != 11 {
		t.Errorf("found %d of the 11 test functions", seen)
	}
}
