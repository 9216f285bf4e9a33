package native

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// textOf returns the assembly of function name in asm, up to the next
// TEXT.
func textOf(asm, name string) string {
	i := strings.Index(asm, "TEXT ·"+name+"(SB)")
	if i < 0 {
		return ""
	}
	rest := asm[i+1:]
	if j := strings.Index(rest, "\nTEXT "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// TestCarryInstructions checks that bits.Add64 and Sub64 become gc's
// instructions: a chain of three is one NEGL of the carry in, three
// ADCQs (SBBQs) and one carry out; math/big's addVV loop is ADCQ with
// a memory operand; hi + carry is ADCQ $0; a chain through memory keeps
// the carry in the flags across the loads and stores. (Their results are checked
// against gc's by testdata/subset's Add192, Sub192, AddVV, SubVV and
// AddMulVVWW.)
func TestCarryInstructions(t *testing.T) {
	src := fallback + `import "math/bits"

func Add192(x0, x1, x2, y0, y1, y2, c uint64) (z0, z1, z2, carry uint64) {
	z0, c = bits.Add64(x0, y0, c)
	z1, c = bits.Add64(x1, y1, c)
	z2, carry = bits.Add64(x2, y2, c)
	return
}

func Sub128(x0, x1, y0, y1 uint64) (z0, z1, borrow uint64) {
	z0, borrow = bits.Sub64(x0, y0, 0)
	z1, borrow = bits.Sub64(x1, y1, borrow)
	return
}

func AddVV(z, x, y []uint) (c uint) {
	for i := 0; i < len(z) && i < len(x) && i < len(y); i++ {
		zi, cc := bits.Add(x[i], y[i], c)
		z[i] = zi
		c = cc
	}
	return
}

func Add3(z, x, y *[3]uint64) uint64 {
	var c uint64
	z[0], c = bits.Add64(x[0], y[0], 0)
	z[1], c = bits.Add64(x[1], y[1], c)
	z[2], c = bits.Add64(x[2], y[2], c)
	if c != 0 {
		c = Count(z)
	}
	return c
}

func MulAdd(x, y, c uint64) (uint64, uint64) {
	hi, lo := bits.Mul64(x, y)
	var cc uint64
	lo, cc = bits.Add64(lo, c, 0)
	return hi + cc, lo
}
`
	// Count is called: Add3 reads its pointer arguments from the
	// argument frame at each use, between the additions.
	countSrc := "package p\n\nfunc Count(z *[3]uint64) uint64 {\n\tn := uint64(0)\n\tfor _, v := range z {\n\t\tif v != 0 {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src, "q.go": countSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Add192", "Sub128", "AddVV", "MulAdd", "Add3"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	count := func(text, re string) int { return len(regexp.MustCompile(re).FindAllString(text, -1)) }
	for _, c := range []struct {
		fn, re string
		n      int
	}{
		{"Add192", `\tADCQ `, 3},
		{"Add192", `\tNEGL `, 1},
		{"Add192", `\tSBBQ `, 1}, // the carry out
		{"Add192", `\tSETNE|\tANDQ|\tORQ`, 0},
		{"Sub128", `\tSUBQ [A-Z]`, 1},
		{"Sub128", `\tSBBQ `, 2},
		{"Sub128", `\tNEGL `, 0},
		{"AddVV", `\tADCQ \(`, 1},
		{"MulAdd", `\tADCQ \$0, `, 1},
		// Through memory, the carry stays in the flags across the
		// loads and stores.
		{"Add3", `\tADDQ \(`, 1},
		{"Add3", `\tADCQ [0-9]+\(`, 2},
		{"Add3", `\tSBBQ `, 1},
		{"Add3", `\tNEGL `, 0},
		{"MulAdd", `\tSBBQ `, 0},
		{"MulAdd", `\tIMULQ `, 0}, // the low half from MULQ's AX
	} {
		text := textOf(asm, c.fn)
		if got := count(text, c.re); got != c.n {
			t.Errorf("%s: %d instructions match %q, want %d:\n%s", c.fn, got, c.re, c.n, text)
		}
	}
}

// TestCarryVerify checks that verifySSA rejects a carry out that does
// not follow its addition (the flags it reads are another
// instruction's) and a carry kept in the flags that the next
// instruction does not read.
func TestCarryVerify(t *testing.T) {
	build := func(apart, flagsOnly bool) *Func {
		m := &Func{}
		x, y, s, c, k, r := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
		instrs := []*Instr{
			{Op: OpArg, Dst: x, Width: 8},
			{Op: OpArg, Dst: y, Off: 8, Width: 8},
			{Op: OpIntrinsic, Intr: IntrAddCarry, Dst: s, Width: 8, Args: []Value{x, y}},
			{Op: OpIntrinsic, Intr: IntrCarryOut, Dst: c, Width: 8, Args: []Value{s}, CarryIn: flagsOnly},
			{Op: OpIntrinsic, Intr: IntrAddCarry, Dst: r, Width: 8, CarryIn: true, HasImm: true, Args: []Value{x, c}},
			{Op: OpReturn, Dst: NoValue, Args: []Value{s, r}},
		}
		if apart {
			// A comparison between them sets the flags.
			k := &Instr{Op: OpCmp, Dst: k, Cond: CondLt, Width: 8, Args: []Value{x, y}}
			instrs = append(instrs[:3], append([]*Instr{k}, instrs[3:]...)...)
		}
		if flagsOnly && apart {
			// The comparison moves to between the carry and its reader.
			instrs[3], instrs[4] = instrs[4], instrs[3]
		}
		m.Blocks = []*Block{{Index: 0, Instrs: instrs}}
		return m
	}
	if err := verifySSA(build(false, false)); err != nil {
		t.Errorf("a carry out right after its addition: %v", err)
	}
	if err := verifySSA(build(false, true)); err != nil {
		t.Errorf("a carry kept in the flags for the next addition: %v", err)
	}
	if err := verifySSA(build(true, false)); err == nil || !strings.Contains(err.Error(), "does not follow the addition") {
		t.Errorf("a comparison between an addition and its carry out: got %v", err)
	}
	if err := verifySSA(build(true, true)); err == nil || !strings.Contains(err.Error(), "is not read by the instruction after it") {
		t.Errorf("a comparison between a carry in the flags and its reader: got %v", err)
	}
}
