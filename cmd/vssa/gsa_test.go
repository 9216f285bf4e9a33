package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gsaProg has a loop with a continue (loopnorm gives it one latch), a
// join in its body (a γ) and a value leaving it (an η).
const gsaProg = `package main

func f(n int, c bool) int {
	x := 0
	for i := 0; i < n; i++ {
		if i%3 == 0 {
			continue
		}
		if c {
			x += i
		} else {
			x -= i
		}
	}
	return x
}

func main() {
	println(f(10, true), f(7, false))
}
`

// vssa dump -passes=…,gsa writes γ, μ and η with their gates in a text
// that vssa run reads back (in GSA discipline) and runs as the program.
func TestDumpGSAThenRun(t *testing.T) {
	goModule(t, map[string]string{"prog/main.go": gsaProg})
	status, dump, stderr := vssaCmd("dump", "-passes=loopnorm,mem2reg,gsa", "prog/main.go")
	if status != exitOK {
		t.Fatalf("vssa dump: status %d: %s", status, stderr)
	}
	for _, want := range []string{"discipline gsa", " = gamma [", " = mu ", " = eta ["} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump has no %q:\n%s", want, dump)
		}
	}
	file := filepath.Join(t.TempDir(), "p.vssa")
	os.WriteFile(file, []byte(dump), 0o666)
	if status, _, stderr := vssaCmd("run", file); status != 0 || stderr != "27 -12\n" {
		t.Errorf("vssa run p.vssa: status %d, stderr %q; want 0 and %q", status, stderr, "27 -12\n")
	}
}
