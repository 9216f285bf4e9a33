// This file finds the functions that vssa compile leaves to gc: those
// without a loop. vssa's gains are in loops (checks and polls hoisted
// or gone, vectors, branch-free bodies, unrolling); a function without
// a loop runs each of its instructions once a call, so its assembly
// can save a few cycles at most, and the call of assembly costs more:
// Go's assembly calling convention (ABI0) passes the arguments and
// results through memory, where gc's passes them in registers, and the
// caller restores Go's fixed registers (X15, R14) after it. gc inlines
// most such functions, which costs no call at all and folds their
// constants into the caller. Measured, every real function without a
// loop ran slower compiled (math/bits Mul64 0.76x, unicode.IsSpace
// 0.78x, image/png paeth 0.77x, image/jpeg decodeBit 0.72x gc). So
// vssa compile refuses them, saying why, rather than emit slower code.

package native

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The reasons a function without a loop is left to gc.
const (
	leftInlined = "gc inlines it into its callers and it has no loop, so a call of assembly would cost more than it saves"
	// leftInlinedShort is for a function whose loops run a few
	// iterations a call (shortloops.go).
	leftInlinedShort = "gc inlines it into its callers and its loops run at most 64 iterations a call (a value shifted right until it is small), so a call of assembly would cost more than it saves"
	leftNoLoop       = "it has no loop, so each of its instructions runs once a call and its assembly cannot save what the call of assembly adds (arguments and results through memory, Go's fixed registers restored after it); gc calls its own code with arguments in registers"
)

// gcInlinable returns the functions and methods of the package in dir
// that gc can inline, as its -m diagnostics name them ("F", "(*T).M",
// "T.M", "F[int64]", "F[go.shape.int64]"), compiled as the fallback
// (purego), with the files of overlay (path → contents): gc compiles
// the instantiations named on the command line only if it sees them.
func gcInlinable(dir string, overlay map[string][]byte) (map[string]bool, error) {
	args := []string{"build", "-o", os.DevNull, "-tags=purego", "-gcflags=-m"}
	if len(overlay) > 0 {
		tmp, err := os.MkdirTemp("", "vssa-overlay")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		replace := map[string]string{}
		for path, b := range overlay {
			f := filepath.Join(tmp, filepath.Base(path))
			if err := os.WriteFile(f, b, 0o644); err != nil {
				return nil, err
			}
			replace[path] = f
		}
		j, err := json.Marshal(map[string]any{"Replace": replace})
		if err != nil {
			return nil, err
		}
		file := filepath.Join(tmp, "overlay.json")
		if err := os.WriteFile(file, j, 0o644); err != nil {
			return nil, err
		}
		args = append(args, "-overlay="+file)
	}
	cmd := exec.Command("go", append(args, ".")...)
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
