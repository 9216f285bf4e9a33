package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// splitSrc keeps a loop index that two error paths return after a call
// (the conversion of a byte to an error), as hex.Decode does.
const splitSrc = `func Decode(dst, src []byte) (int, error) {
	i := 0
	for j := 0; j+1 < len(src); j += 2 {
		p, q := src[j], src[j+1]
		if p > 'f' {
			return i, badByte(p)
		}
		if q > 'f' {
			return i, badByte(q)
		}
		dst[i] = p<<4 | q
		i++
	}
	return i, nil
}

func Sum(xs []float64) (float64, error) {
	s := 0.0
	for i, x := range xs {
		if x < 0 {
			return s, badByte(i)
		}
		s += x * x
	}
	return s, nil
}
`

// badByteSrc declares the error type, in a file built everywhere.
const badByteSrc = `package p

type badByte byte

func (b badByte) Error() string { return "bad byte" }
`

// TestSplitAtColdCalls checks that a value live across a call only on a
// cold path (an error return) stays in its register in the loop, an
// integer (Decode's index) as a float (Sum's sum): the
// stack is touched only in the blocks that call (the error paths, the
// preemption poll, the panics), where the index is stored right before
// the call and read back after it. The error paths' copies, never live
// at once, share one slot.
func TestSplitAtColdCalls(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + splitSrc, "err.go": badByteSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Decode", "Sum"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	all := string(out.Files[filepath.Join(dir, "out")+"_amd64.s"])
	text := all[:strings.Index(all, "TEXT ·Sum(SB)")]
	for _, fn := range []string{text, all[len(text):]} {
		calls := stackOnlyInCallingBlocks(t, fn, 1)
		if calls < 2 {
			t.Fatalf("%d blocks call, want an error path and the poll at least: the test checks nothing\n%s", calls, fn)
		}
	}
	// Each error path stores the index to a slot before its call
	// (after the call's outgoing argument area, below the slot).
	store := regexp.MustCompile(`(?m)^\tMOVQ \w+, (\d+)\(SP\)\n\tMOV\w+ \w+, 0\(SP\)\n\tCALL ·\w+Call\d`)
	slots := map[string]bool{}
	for _, m := range store.FindAllStringSubmatch(text, -1) {
		slots[m[1]] = true
	}
	if len(store.FindAllString(text, -1)) != 2 || len(slots) != 1 {
		t.Errorf("want the two error paths to store the index to one slot right before their calls, found slots %v", slots)
	}
	if t.Failed() {
		t.Fatal(all)
	}
	// The generated test compares both with their originals, the
	// error paths included.
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", "Test", "."); err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
}

// stackOnlyInCallingBlocks fails t for each block of fn's assembly,
// from its block first on (0 is the text before the first label), that
// reads or writes the stack without a call, and returns how many
// blocks call.
func stackOnlyInCallingBlocks(t *testing.T, fn string, first int) int {
	t.Helper()
	blocks := regexp.MustCompile(`(?m)^\w+:$`).Split(fn, -1)
	calls := 0
	for _, b := range blocks[first:] {
		if strings.Contains(b, "CALL") {
			calls++
			continue
		}
		if strings.Contains(b, "(SP)") {
			t.Errorf("the stack is used in a block without a call:\n%s", b)
		}
	}
	return calls
}
