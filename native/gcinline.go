// This file finds the functions that vssa compile should leave to gc:
// those gc inlines into their callers and that have no loop. For them,
// a call of assembly costs more than whatever it could save (gc's
// inlined code has no call at all, and its constants fold into the
// caller), so vssa compile refuses them, saying why, rather than emit
// slower code.

package native

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// gcInlinable returns the functions and methods of the package in dir
// that gc can inline, as its -m diagnostics name them ("F", "(*T).M",
// "T.M"), compiled as the fallback (purego).
func gcInlinable(dir string) (map[string]bool, error) {
	cmd := exec.Command("go", "build", "-o", os.DevNull, "-tags=purego", "-gcflags=-m", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("asking gc which functions it inlines (go build -gcflags=-m): %v\n%s", err, out)
	}
	can := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if _, name, ok := strings.Cut(sc.Text(), ": can inline "); ok {
			can[strings.TrimSpace(name)] = true
		}
	}
	return can, nil
}

// hasLoop reports whether fn has a loop: an edge to a block that
// dominates its source.
func hasLoop(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				return true
			}
		}
	}
	return false
}
