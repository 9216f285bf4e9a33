package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// gatedProgram joins twice on one condition, setting a value the same
// way each time: gated value numbering finds the second gamma equal to
// the first, which gvn without it does not.
const gatedProgram = `package main

func f(c bool, a, b int) int {
	x := 1
	if c {
		x = a + b
	}
	println(x)
	y := 1
	if c {
		y = a + b
	}
	return x + y
}

func main() { println(f(true, 1, 2), f(false, 3, 4)) }
`

func writeProgram(t *testing.T, src string) string {
	prog := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(prog, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	return prog
}

var gatedAdds = regexp.MustCompile(`(?m)^gated value numbering adds: ([+-]\d+) instructions`)

// vssa stats on GSA form says what gated value numbering adds over gvn
// without it, and ends with its summary line.
func TestStatsGated(t *testing.T) {
	prog := writeProgram(t, gatedProgram)
	var stdout, stderr bytes.Buffer
	if status := runMain([]string{"stats", "-passes=mem2reg,gsa,gvn", prog}, &stdout, &stderr); status != exitOK {
		t.Fatalf("status %d, want 0; stderr %q\n%s", status, stderr.String(), stdout.String())
	}
	out := stdout.String()
	m := gatedAdds.FindStringSubmatch(out)
	if m == nil || statsSummary.FindStringSubmatch(out) == nil {
		t.Fatalf("no gated line or no summary at the end:\n%s", out)
	}
	if n, _ := strconv.Atoi(m[1]); n < 1 {
		t.Errorf("gated value numbering adds %d, want the second gamma at least:\n%s", n, out)
	}
	// On SSA form there is no gated line.
	stdout.Reset()
	runMain([]string{"stats", prog}, &stdout, &stderr)
	if gatedAdds.MatchString(stdout.String()) {
		t.Errorf("vssa stats on SSA form reports gated numbering:\n%s", stdout.String())
	}
}

var benchGSALine = regexp.MustCompile(`(?m)^gsa\+validate / mem2reg\+validate = (\d+\.\d\dx|n/a), slowest function \S+ \(.*\), over 1 s: (\d+)\n\z`)

// vssa bench -gsa measures gsa against mem2reg and ends with its line;
// -gen shows every generated family's growth.
func TestBenchGSA(t *testing.T) {
	prog := writeProgram(t, gatedProgram)
	var stdout, stderr bytes.Buffer
	if status := runMain([]string{"bench", "-gsa", prog}, &stdout, &stderr); status != exitOK {
		t.Fatalf("bench -gsa: status %d, want 0; stderr %q", status, stderr.String())
	}
	out := stdout.String()
	m := benchGSALine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("bench -gsa: no final line:\n%s", out)
	}
	if m[2] != "0" || !strings.Contains(out, "0 rejected or failed in gsa") || !strings.Contains(out, "gammas") {
		t.Errorf("bench -gsa: a function over 1 s, a rejection or no gammas:\n%s", out)
	}
	stdout.Reset()
	if status := runMain([]string{"bench", "-gen"}, &stdout, &stderr); status != exitOK {
		t.Fatalf("bench -gen: status %d, want 0; stderr %q", status, stderr.String())
	}
	out = stdout.String()
	for _, family := range []string{"if-chain", "switch", "loops"} {
		if strings.Count(out, "\n  "+family+" ") < 4 {
			t.Errorf("bench -gen: fewer than 4 sizes of %s:\n%s", family, out)
		}
	}
	if strings.Contains(out, "error:") {
		t.Errorf("bench -gen: an error:\n%s", out)
	}
}
