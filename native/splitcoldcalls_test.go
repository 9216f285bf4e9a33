package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// coldCallSrc has, like brotli's shannonEntropy, a loop with many
// values live across a call that only large elements make (math.Log2
// behind a cheap path for small ones), and used again after it in the
// same iteration; EntropyTail as shannonEntropy walks its slice, so
// that a pointer that is not an argument (the slice's rest) is live
// across the call, and with its second call after the loop.
const coldCallSrc = `func Entropy(xs []uint32, k uint) (float64, uint, uint, uint) {
	var sum, odd, big uint
	r := 0.0
	for i := 0; i < len(xs); i++ {
		p := uint(xs[i])
		sum += p
		odd += p & 1
		r -= float64(p) * log2(p)
		big += p >> k
	}
	return r, sum, odd, big
}

func EntropyTail(xs []uint32) (float64, uint) {
	var sum uint
	r := 0.0
	for len(xs) > 0 {
		p := uint(xs[0])
		xs = xs[1:]
		sum += p
		r -= float64(p) * log2(p)
	}
	if sum != 0 {
		r += float64(sum) * log2(sum)
	}
	return r, sum
}
`

// coldLog2Src is Entropy's callee, in a file built everywhere.
const coldLog2Src = `package p

import "math"

func log2(v uint) float64 {
	if v < 256 {
		return float64(v) * 0.125
	}
	return math.Log2(float64(v))
}
`

// TestSplitAtSkippedCalls checks that the values live across a call
// that some iterations skip keep their registers in the loop: no block
// without a call reads or writes the stack (the copies' stores are in
// the calling block, the reloads on its edge to the join, which the
// emitter places in that block). The generated test then compares the
// results with the original's, with elements above 256 that make the
// call.
func TestSplitAtSkippedCalls(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + coldCallSrc, "log2.go": coldLog2Src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Entropy", "EntropyTail"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	text := string(out.Files[filepath.Join(dir, "out")+"_amd64.s"])
	tail := strings.Index(text, "TEXT ·EntropyTail(SB)")
	if !strings.Contains(text[tail:], "FUNCDATA $FUNCDATA_LocalsPointerMaps") {
		t.Errorf("EntropyTail keeps no pointer in a slot: the test checks no pointer")
	}
	for _, fn := range []string{text[:tail], text[tail:]} {
		// Block 1 is the entry, which zeroes the pointer slots.
		calls := stackOnlyInCallingBlocks(t, fn, 2)
		if calls < 2 {
			t.Fatalf("%d blocks call, want math.Log2's and the poll at least: the test checks nothing\n%s", calls, fn)
		}
	}
	// EntropyTail's copies before its two calls (in the loop, after
	// it) are never live at once: they share slots, although each is
	// an argument of a phi (merged into a register after the call).
	callStores := regexp.MustCompile(`(?m)((?:^\tMOV\w+ \w+, \d+\(SP\)\n)+)(?:^\tMOV\w+ \w+, 0\(SP\)\n)^\tCALL ·\w+Call\d`).FindAllStringSubmatch(text[tail:], -1)
	if len(callStores) != 2 {
		t.Errorf("want EntropyTail's two calls of math.Log2 after stores to slots, found %d", len(callStores))
	} else {
		slot := regexp.MustCompile(`(\d+)\(SP\)`)
		first := map[string]bool{}
		for _, m := range slot.FindAllStringSubmatch(callStores[0][1], -1) {
			first[m[1]] = true
		}
		shared := false
		for _, m := range slot.FindAllStringSubmatch(callStores[1][1], -1) {
			shared = shared || first[m[1]]
		}
		if !shared {
			t.Errorf("the copies before EntropyTail's two calls share no slot:\n%s\n%s", callStores[0][1], callStores[1][1])
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Log(text)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", "Test", "."); err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
}
