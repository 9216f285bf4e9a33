package ir

import (
	"os"
	"strings"
	"testing"
)

// TestDocTable keeps the instruction table of doc.go and opInfos in
// agreement: every kind has exactly one row, and the row's effects are
// the kind's effects.
func TestDocTable(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]Effect{
		"reads": ReadsMem, "writes": WritesMem, "panics": MayPanic, "unchecked": Unchecked,
		"calls": Calls, "blocks": MayBlock, "term": Terminator, "check": IsCheck, "extern": External,
	}
	rows := map[string]Effect{}
	inTable := false
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimPrefix(line, "//")
		cells := strings.Split(line, "|")
		if len(cells) != 4 {
			inTable = false
			continue
		}
		name := strings.TrimSpace(cells[0])
		if name == "kind" {
			inTable = true
			continue
		}
		if !inTable {
			continue
		}
		if _, dup := rows[name]; dup {
			t.Errorf("doc.go: two rows for %s", name)
		}
		var e Effect
		for _, w := range strings.Fields(cells[3]) {
			if w == "-" {
				continue
			}
			bit, ok := words[w]
			if !ok {
				t.Errorf("doc.go: row %s: unknown effect %q", name, w)
			}
			e |= bit
		}
		rows[name] = e
	}
	for _, op := range AllOps() {
		e, ok := rows[op.String()]
		if !ok {
			t.Errorf("doc.go: no row for %s", op)
			continue
		}
		if e != op.Effects() {
			t.Errorf("doc.go: %s has effects %b in the table, %b in opInfos", op, e, op.Effects())
		}
		delete(rows, op.String())
	}
	for name := range rows {
		t.Errorf("doc.go: row for unknown kind %s", name)
	}
}
