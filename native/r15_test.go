package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// r15Src holds two loops with more live values than twelve registers:
// Crowded reads no global variable, so R15 is one of its registers;
// Tabled reads and writes package-level variables in its loop, so it
// must leave R15 alone (dynamically linked code reaches them through
// R15).
var r15Src = crowdedSrc() + `
func Tabled(s []uint32, c uint32) uint32 {
	a0, a1, a2, a3, a4, a5, a6, a7 := c, c+1, c+2, c+3, c+4, c+5, c+6, c+7
	for _, x := range s {
		y := x * seed
		a0, a1, a2, a3 = a0*3+y^a7, a1*5+y^a0, a2*7+y^a1, a3*9+y^a2
		a4, a5, a6, a7 = a4*11+y^a3, a5*13+y^a4, a6*15+y^a5, a7*17+y^a6
		count += a0 ^ x
	}
	return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7
}
`

// TestR15WithoutGlobals checks that Crowded, which accesses no global
// variable, gets R15, that Tabled does not, and that the package still
// assembles with -dynlink, where the assembler refuses R15 read after
// a global variable's access.
func TestR15WithoutGlobals(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + r15Src, "table.go": "package p\n\nvar count, seed uint32\n"})
	funcs := []string{"Crowded", "Tabled"}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	crowded, tabled := asm[strings.Index(asm, "TEXT ·Crowded(SB)"):], asm[strings.Index(asm, "TEXT ·Tabled(SB)"):]
	if i := strings.Index(crowded[1:], "\nTEXT "); i >= 0 {
		crowded = crowded[:i+1]
	}
	if i := strings.Index(tabled[1:], "\nTEXT "); i >= 0 {
		tabled = tabled[:i+1]
	}
	if !strings.Contains(crowded, "R15") {
		t.Errorf("Crowded, which accesses no global, does not use R15:\n%s", crowded)
	}
	if !strings.Contains(tabled, "·count(SB)") || strings.Contains(tabled, "R15") {
		t.Errorf("Tabled, which accesses ·count, uses R15 (or does not access ·count(SB)):\n%s", tabled)
	}
	if testing.Short() {
		return
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "build", "-asmflags=-dynlink", "."); err != nil {
		t.Fatalf("go build -asmflags=-dynlink: %v\n%s", err, msg)
	}
}

// TestCheckR15 checks the emitter's last check: R15 in a function
// that accesses a global variable is an error; R15 with only calls,
// jumps, LEAQ of a symbol or the file's own data is not.
func TestCheckR15(t *testing.T) {
	for _, c := range []struct {
		text string
		bad  bool
	}{
		{"\tMOVQ ·table(SB), AX\n\tADDQ R15, AX\n", true},
		{"\tMOVL ·table+8(SB), AX\n\tMOVQ AX, R15\n", true},
		{"\tCMPB ·avx2(SB), $0\n\tMOVQ R15, AX\n", true},
		{"\tMOVQ ·table(SB), AX\n\tADDQ R14, AX\n", false}, // no R15
		{"\tCALL ·vssaPoll(SB)\n\tMOVQ R15, AX\n", false},
		{"\tLEAQ ·table(SB), R15\n\tMOVQ (R15), AX\n", false},
		{"\tMOVQ vssaStr0<>+8(SB), R15\n", false},
		{"\tUCOMISD vssaStr1<>(SB), X0\n\tMOVQ R15, AX\n", false},
	} {
		if err := checkR15(c.text); (err != nil) != c.bad {
			t.Errorf("checkR15(%q) = %v, want an error: %v", c.text, err, c.bad)
		}
	}
}
