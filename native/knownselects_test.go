package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// compiledText compiles src's functions and returns the assembly of
// fn, from its TEXT line to the next function's.
func compiledText(t *testing.T, src, fn string, funcs ...string) string {
	t.Helper()
	dir := writeModule(t, map[string]string{"p.go": src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	text := asm[strings.Index(asm, "TEXT ·"+fn+"(SB)"):]
	if i := strings.Index(text[1:], "\nTEXT "); i >= 0 {
		text = text[:i+1]
	}
	return text
}

// TestDecideSelects compiles utf8.ValidString's shape: behind
// len(s) > 8, s[8:] is not empty, so its pointer moves by 8 without a
// conditional move (Ahead); behind len(s) >= 8 it may be empty and the
// move stays (Edge), as gc keeps its mask there.
func TestDecideSelects(t *testing.T) {
	src := fallback + `func Ahead(s string) int {
	n := 0
	for len(s) > 8 {
		s = s[8:]
		n += int(s[0])
	}
	return n
}

func Edge(s string) int {
	n := 0
	for len(s) >= 8 {
		s = s[8:]
		n++
	}
	return n
}
`
	// Only the loop of Ahead: before it and in its poll, the limit of
	// its strip-mined polls (stripminedown.go) is chosen by CMOVs.
	text := compiledText(t, src, "Ahead", "Ahead", "Edge")
	loop := text[strings.LastIndex(text, "PCALIGN"):]
	if j := strings.Index(loop, "JMP"); j >= 0 {
		loop = loop[:j]
	}
	if strings.Contains(loop, "CMOV") {
		t.Errorf("Ahead moves s[8:]'s pointer with a conditional move though len(s) > 8:\n%s", text)
	}
	if text := compiledText(t, src, "Edge", "Ahead", "Edge"); !strings.Contains(text, "CMOV") {
		t.Errorf("Edge's s[8:] may be empty but its pointer moves unconditionally:\n%s", text)
	}
}

// TestSpans checks the ranges edges give and the conditions decided on
// them, at the ends of int64 and across 0 for unsigned compares.
func TestSpans(t *testing.T) {
	const minI, maxI = -1 << 63, 1<<63 - 1
	cases := []struct {
		r      span
		cond   Cond
		signed bool
		c      int64
		want   bool
	}{
		{span{1, maxI}, CondNe, false, 0, true},
		{span{0, maxI}, CondNe, false, 0, false},
		{span{-1, 5}, CondLt, false, 6, false}, // -1 is the largest unsigned
		{span{-5, -1}, CondGt, false, 6, true},
		{span{minI, -1}, CondLt, true, 0, true},
		{span{3, 7}, CondLe, true, 7, true},
		{span{3, 7}, CondLt, true, 7, false},
		{span{3, 7}, CondGe, true, 3, true},
		{span{3, 3}, CondEq, true, 3, true},
		{span{1, 0}, CondEq, true, 3, false}, // unreached: nothing decided
	}
	for _, c := range cases {
		if got := always(c.cond, c.signed, c.r, c.c); got != c.want {
			t.Errorf("always(%v, signed %v, %v, %d) = %v, want %v", c.cond, c.signed, c.r, c.c, got, c.want)
		}
	}
}
