package native

import (
	"strings"
	"testing"
)

// TestColdArms checks where the arms of a loop's branch are laid out:
// the decoder of a range over a string, long next to the one-byte arm,
// after the function's return, so that an ASCII byte's iteration takes
// one branch, back to its top (Runes); arms of like sizes (Both), and
// in line. The constant 0xC2 (194) is the decoder's first compare, 777
// the arm's.
func TestColdArms(t *testing.T) {
	for _, tt := range []struct {
		name, src, mark string
		out             bool
	}{
		{"Runes", "func Runes(s string) (n int) {\n\tfor range s {\n\t\tn++\n\t}\n\treturn n\n}\n", "$194", true},
		{"Both", "func Both(a []int) (n int) {\n\tfor _, x := range a {\n\t\tif x > 0 {\n\t\t\tn += x * 777\n\t\t} else {\n\t\t\tn -= x * 555\n\t\t}\n\t}\n\treturn n\n}\n", "$777", false},
	} {
		text := compileOne(t, tt.src, tt.name)
		ret, mark := strings.Index(text, "RET"), strings.Index(text, tt.mark)
		if ret < 0 || mark < 0 {
			t.Fatalf("%s: no RET or no %s:\n%s", tt.name, tt.mark, text)
		}
		if out := mark > ret; out != tt.out {
			t.Errorf("%s: arm with %s after the return: %v, want %v:\n%s", tt.name, tt.mark, out, tt.out, text)
		}
	}
}

// TestColdArmsEmptySide builds a loop whose branch in b2 goes to a long
// arm (b3) or to b4, on to the latch: b4 with work of its own is the
// short arm and b3 goes out of line; b4 that only jumps (an edge split
// on the way to the latch, if c { long }) says nothing of which side
// runs more, and both stay.
func TestColdArmsEmptySide(t *testing.T) {
	for _, work := range []int{1, 0} {
		code := func(n int, last Op) []*Instr {
			var ins []*Instr
			for range n {
				ins = append(ins, &Instr{Op: OpConst, Dst: NoValue})
			}
			return append(ins, &Instr{Op: last, Dst: NoValue})
		}
		blocks := []struct {
			succs []int
			code  []*Instr
		}{
			{[]int{1}, code(0, OpJump)},
			{[]int{2, 5}, code(0, OpBranch)},
			{[]int{3, 4}, code(0, OpBranch)},
			{[]int{6}, code(2*minColdArm, OpJump)},
			{[]int{6}, code(work, OpJump)},
			{nil, code(0, OpReturn)},
			{[]int{1}, code(0, OpJump)},
		}
		f := &Func{}
		for i, b := range blocks {
			f.Blocks = append(f.Blocks, &Block{Index: i, Succs: b.succs, Instrs: b.code})
		}
		for _, b := range f.Blocks {
			for _, s := range b.Succs {
				f.Blocks[s].Preds = append(f.Blocks[s].Preds, b.Index)
			}
		}
		cold := coldArms(f, naturalLoops(f))
		if want := work > 0; cold[3] != want || len(cold) != map[bool]int{true: 1}[want] {
			t.Errorf("b4 with %d instructions before its jump: cold blocks %v, want b3 cold: %v", work, cold, want)
		}
	}
}
