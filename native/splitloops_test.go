package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// scanSrc has an inner loop that reads two values (lim, and src's
// length) which a call in the outer loop spills.
const scanSrc = `import "strconv"

// Scan sums, from each zero byte of src, the bytes that follow it
// below lim, and the length of each zero's position in decimal.
//
//vssa:range lim 0 1024
func Scan(src []byte, lim int) int {
	n := 0
	for i := 0; i < len(src); i++ {
		if src[i] != 0 {
			continue
		}
		n += len(strconv.Itoa(i))
		// j <= lim-1, not j < lim: a countdown polls the loop, not
		// a strip-mined bound (stripmine.go), whose computation before
		// the loop would read lim right after its reload and leave the
		// split's reloads short of the block's end, where the test
		// finds them.
		for j := i + 1; j <= lim-1 && j < len(src); j++ {
			n += int(src[j]) ^ lim
		}
	}
	return n
}
`

// TestSplitAtLoops checks that an inner loop with registers to spare
// reads the values a call in the outer loop spilled (lim, and src's
// length) from registers loaded once before it, not from the stack
// each iteration: the inner loop's three blocks (its test of lim, its
// test of the length and its body with the XOR) touch no slot. The
// generated test then compares Scan with its original.
func TestSplitAtLoops(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + scanSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Scan"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	text := string(out.Files[filepath.Join(dir, "out")+"_amd64.s"])
	if !strings.Contains(text, "CALL ·vssaOutCall") || !strings.Contains(text, "(SP)") {
		t.Fatalf("no call or nothing spilled: the test checks nothing\n%s", text)
	}
	blocks := regexp.MustCompile(`(?m)^\w+:$`).Split(text, -1)
	k := -1
	for i, b := range blocks {
		if strings.Contains(b, "XORQ") {
			k = i
		}
	}
	if k < 1 || k+1 >= len(blocks) {
		t.Fatalf("no inner loop body found\n%s", text)
	}
	for _, b := range blocks[k-1 : k+2] {
		if strings.Contains(b, "(SP)") {
			t.Errorf("the inner loop reads the stack:\n%s", b)
		}
	}
	if t.Failed() {
		t.Fatal(text)
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

// loopReloads returns the block of f that enters Scan's inner loop and
// the indices of its reloads: the moves from a slot to a register that
// end it, before its jump (a reload for an instruction comes right
// before that instruction, so only a split's copies end a block).
func loopReloads(f *validate.MachFunc) (int, []int) {
	for bi, b := range f.Blocks {
		n := len(b.Instrs) - 1
		var idx []int
		for i := n - 1; i >= 0; i-- {
			m := b.Instrs[i]
			if m.Ref >= 0 || m.Move.Src < firstSlot || m.Move.Dst >= firstSlot {
				break
			}
			idx = append(idx, i)
		}
		if n >= 0 && b.Instrs[n].Ref >= 0 && len(b.Instrs[n].Uses) == 0 && len(idx) > 0 {
			return bi, idx
		}
	}
	return -1, nil
}

// TestSplitAtLoopsValidated checks that the validator still refuses a
// wrong allocation of Scan with its loop split: the reloads before the
// inner loop reading each other's slot, one of them dropped (the
// register holds whatever it held), and both made before the outer
// loop's call (whose registers are then stale).
func TestSplitAtLoopsValidated(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + scanSrc})
	found := true
	mutations := map[string]func(f *validate.MachFunc){
		"reloads from each other's slot": func(f *validate.MachFunc) {
			bi, idx := loopReloads(f)
			if len(idx) < 2 {
				found = false
				return
			}
			ins := f.Blocks[bi].Instrs
			ins[idx[0]].Move.Src, ins[idx[1]].Move.Src = ins[idx[1]].Move.Src, ins[idx[0]].Move.Src
		},
		"a reload dropped": func(f *validate.MachFunc) {
			bi, idx := loopReloads(f)
			if len(idx) < 1 {
				found = false
				return
			}
			b := &f.Blocks[bi]
			b.Instrs = append(b.Instrs[:idx[0]:idx[0]], b.Instrs[idx[0]+1:]...)
		},
		"reloads before the call": func(f *validate.MachFunc) {
			bi, idx := loopReloads(f)
			b := &f.Blocks[bi]
			call := -1
			for i, in := range b.Instrs {
				if in.Ref >= 0 && len(in.Clobbers) > 0 {
					call = i
				}
			}
			if len(idx) < 1 || call < 0 {
				found = false
				return
			}
			var ins []validate.MachInstr
			ins = append(ins, b.Instrs[:call]...)
			for _, i := range idx {
				ins = append(ins, b.Instrs[i])
			}
			ins = append(ins, b.Instrs[call:idx[len(idx)-1]]...)
			b.Instrs = append(ins, b.Instrs[len(b.Instrs)-1])
		},
	}
	checkUncompiled = false
	defer func() { checkUncompiled = true }()
	for name, mutate := range mutations {
		corruptAllocation = mutate
		_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Scan"}, Inlinable: true})
		corruptAllocation = nil
		if !found {
			t.Fatalf("%s: no reloads before the inner loop, or no call before them: the test checks nothing", name)
		}
		if err == nil || !strings.Contains(err.Error(), "register allocation rejected") {
			t.Errorf("%s: got %v, want the allocation rejected", name, err)
		}
	}
}
