package native

import (
	"strings"
	"testing"
)

// TestConstVectorsFromData checks that a search loop's constant vectors
// (a byte set's members, a constant 2-byte element) are loaded from
// read-only data, one MOVOU each, not broadcast from a register
// (PUNPCKLBW, PSHUFLW), that no register is set to a constant only
// those read, and that the generated test, which compares the
// functions with their originals, passes.
func TestConstVectorsFromData(t *testing.T) {
	src := "func SkipWS(s []byte) int {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] != ' ' && s[i] != '\\t' {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn len(s)\n}\n\n" +
		"func IndexNL(s []uint16) int {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == 10 {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	dir, out, texts := genPkg(t, src, nil, []string{"SkipWS", "IndexNL"})
	for name, text := range texts {
		if strings.Contains(text, "PUNPCKLBW") || strings.Contains(text, "PSHUFLW") {
			t.Errorf("%s broadcasts a constant from a register:\n%s", name, text)
		}
		if !strings.Contains(text, "MOVOU vssa") {
			t.Errorf("%s loads no constant vector from data:\n%s", name, text)
		}
		for _, c := range []string{"MOVQ $32,", "MOVQ $9,", "MOVQ $10,"} {
			if strings.Contains(text, c) {
				t.Errorf("%s sets a register only a broadcast reads (%s):\n%s", name, c, text)
			}
		}
	}
	runGenPkg(t, dir, out, "TestVSSA")
}
