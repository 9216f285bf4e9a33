package native

import "testing"

// TestFoldConstants checks the folds on constants: at each width and
// signedness with Go's wrap-around (the expected values are Go's own
// arithmetic on variables of the types), a constant operand made an
// immediate, and a constant index made a displacement.
func TestFoldConstants(t *testing.T) {
	var u8, s8, u16, s32 = uint8(200), int8(-100), uint16(0x8001), int32(-7)
	big := 100 // a shift count past every width (a variable: go vet rejects constant ones)
	cases := []struct {
		name string
		x    int64 // the constant operand, as held (extended)
		in   Instr
		want int64
	}{
		{"uint8 add", int64(u8), Instr{Op: OpBin, Bin: BinAdd, Width: 1, HasImm: true, Imm: 100}, int64(u8 + 100)},
		{"int8 sub", int64(s8), Instr{Op: OpBin, Bin: BinSub, Width: 1, Signed: true, HasImm: true, Imm: 100}, int64(s8 - 100)},
		{"uint16 shl", int64(u16), Instr{Op: OpShift, Bin: BinShl, Width: 2, HasImm: true, Imm: 1}, int64(u16 << 1)},
		{"int32 shr 100", int64(s32), Instr{Op: OpShift, Bin: BinShr, Width: 4, Signed: true, HasImm: true, Imm: 100}, int64(s32 >> big)},
		{"uint16 shr 70", int64(u16), Instr{Op: OpShift, Bin: BinShr, Width: 2, HasImm: true, Imm: 70}, int64(u16 >> (big - 30))},
		{"int32 mul", int64(s32), Instr{Op: OpBin, Bin: BinMul, Width: 4, Signed: true, HasImm: true, Imm: 1 << 30}, int64(s32 * (1 << 30))},
		{"int8 to uint32", int64(s8), Instr{Op: OpExt, Width: 4}, int64(uint32(s8))},
		{"uint8 to int8", int64(u8), Instr{Op: OpExt, Width: 1, Signed: true}, int64(int8(u8))},
		{"andnot", 0xff, Instr{Op: OpBin, Bin: BinAndNot, Width: 8, HasImm: true, Imm: 0x0f}, 0xf0},
	}
	for _, c := range cases {
		m := &Func{}
		k, r := m.newValue(GP, false), m.newValue(GP, false)
		in := c.in
		in.Dst, in.Args = r, []Value{k}
		m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{{Op: OpConst, Dst: k, Imm: c.x, Width: 8}, &in, {Op: OpReturn, Dst: NoValue, Args: []Value{r}}}}}
		foldConstants(m)
		if got := m.Blocks[0].Instrs[1]; got.Op != OpConst || got.Imm != c.want {
			t.Errorf("%s: got %+v, want the constant %d", c.name, got, c.want)
		}
	}

	// x - 5 takes the immediate; 5 - x cannot; a load at a constant
	// index reads at a displacement.
	m := &Func{}
	x, five, a, b, p, i, v := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, true), m.newValue(GP, false), m.newValue(GP, false)
	sub := &Instr{Op: OpBin, Bin: BinSub, Dst: a, Width: 8, Args: []Value{x, five}}
	rsub := &Instr{Op: OpBin, Bin: BinSub, Dst: b, Width: 8, Args: []Value{five, x}}
	ld := &Instr{Op: OpLoad, Dst: v, Width: 4, Mem: Mem{Base: p, Index: i, Scale: 4, Disp: 8}, Args: []Value{p, i}}
	m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
		{Op: OpArg, Dst: x, Width: 8},
		{Op: OpArg, Dst: p, Off: 8, Width: 8},
		{Op: OpConst, Dst: five, Imm: 5, Width: 8},
		{Op: OpConst, Dst: i, Imm: 3, Width: 8},
		sub, rsub, ld,
		{Op: OpReturn, Dst: NoValue, Args: []Value{a, b, v}},
	}}}
	foldConstants(m)
	if !sub.HasImm || sub.Imm != 5 || len(sub.Args) != 1 || sub.Args[0] != x {
		t.Errorf("x - 5: got %+v, want SUBQ $5", sub)
	}
	if rsub.HasImm || len(rsub.Args) != 2 {
		t.Errorf("5 - x: got %+v, want it left as it is", rsub)
	}
	if ld.Mem.Index != NoValue || ld.Mem.Disp != 8+3*4 || len(ld.Args) != 1 || ld.Args[0] != p {
		t.Errorf("load at index 3: got %+v, want 20(p)", ld)
	}
	if err := verifySSA(m); err != nil {
		t.Error(err)
	}
}

// TestFoldPassingChecks: a bounds check of constants that passes goes
// (7 < 8 of binary.LittleEndian.Uint64(b[0:8:n])), as does a slice check
// of a value against itself; one that fails, or of a value not known,
// stays: -1 fails the unsigned compare.
func TestFoldPassingChecks(t *testing.T) {
	m := &Func{}
	seven, eight, minus, n := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
	pass := &Instr{Op: OpBounds, Dst: NoValue, Signed: true, Args: []Value{seven, eight}}
	fail := &Instr{Op: OpBounds, Dst: NoValue, Signed: true, Args: []Value{eight, seven}}
	negative := &Instr{Op: OpBounds, Dst: NoValue, Signed: true, Args: []Value{minus, eight}}
	unknown := &Instr{Op: OpBounds, Dst: NoValue, Signed: true, Args: []Value{seven, n}}
	self := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{n, n}}
	sliceEq := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{eight, eight}}
	sliceFail := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{eight, seven}}
	m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
		{Op: OpArg, Dst: n, Width: 8},
		{Op: OpConst, Dst: seven, Imm: 7, Width: 8},
		{Op: OpConst, Dst: eight, Imm: 8, Width: 8},
		{Op: OpConst, Dst: minus, Imm: -1, Width: 8},
		pass, fail, negative, unknown, self, sliceEq, sliceFail,
		{Op: OpReturn, Dst: NoValue},
	}}}
	foldConstants(m)
	has := func(in *Instr) bool {
		for _, x := range m.Blocks[0].Instrs {
			if x == in {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		name string
		in   *Instr
		kept bool
	}{
		{"7 < 8", pass, false}, {"8 < 7", fail, true}, {"-1 < 8", negative, true}, {"7 < n", unknown, true},
		{"n <= n", self, false}, {"8 <= 8", sliceEq, false}, {"8 <= 7", sliceFail, true},
	} {
		if has(c.in) != c.kept {
			t.Errorf("%s: kept = %v, want %v", c.name, has(c.in), c.kept)
		}
	}
	if err := verifySSA(m); err != nil {
		t.Error(err)
	}
}

// TestFoldOffsetDifference: (i + 4) - i, the length of b[i:i+4:len(b)],
// is the constant 4, so the checks of b[0] .. b[3] against it go; a
// difference at another width than the sum's, or of another value,
// stays.
func TestFoldOffsetDifference(t *testing.T) {
	m := &Func{}
	i, j, sum, diff, wide, other, three := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
	check := &Instr{Op: OpBounds, Dst: NoValue, Signed: true, Args: []Value{three, diff}}
	m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
		{Op: OpArg, Dst: i, Width: 8},
		{Op: OpArg, Dst: j, Width: 8},
		{Op: OpConst, Dst: three, Imm: 3, Width: 8},
		{Op: OpBin, Bin: BinAdd, Dst: sum, Args: []Value{i}, Imm: 4, HasImm: true, Width: 4},
		{Op: OpBin, Bin: BinSub, Dst: diff, Args: []Value{sum, i}, Width: 4},
		{Op: OpBin, Bin: BinSub, Dst: wide, Args: []Value{sum, i}, Width: 8},
		{Op: OpBin, Bin: BinSub, Dst: other, Args: []Value{sum, j}, Width: 4},
		check,
		{Op: OpReturn, Dst: NoValue, Args: []Value{wide, other}, Rets: []Ret{{Off: 16, Width: 8}, {Off: 24, Width: 4}}},
	}}}
	foldConstants(m)
	def := definitions(m)
	if d := def[diff].instr; d.Op != OpConst || d.Imm != 4 {
		t.Errorf("(i + 4) - i: got %+v, want the constant 4", d)
	}
	if d := def[wide].instr; d.Op == OpConst {
		t.Errorf("(i + 4) - i at 8 bytes of a 4-byte sum: got %+v, want it left (the sum wrapped at 32 bits)", d)
	}
	if d := def[other].instr; d.Op == OpConst {
		t.Errorf("(i + 4) - j: got %+v, want it left", d)
	}
	for _, in := range m.Blocks[0].Instrs {
		if in == check {
			t.Errorf("3 < (i + 4) - i is kept")
		}
	}
	if err := verifySSA(m); err != nil {
		t.Error(err)
	}
}

// TestFoldLenBelowCap: len(b) <= cap(b) of a slice argument, as
// b[i:j:len(b)] checks it, always passes and goes; the length of one
// argument against the capacity of another stays.
func TestFoldLenBelowCap(t *testing.T) {
	m := &Func{}
	bl, bc, cc := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
	same := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{bl, bc}}
	other := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{bl, cc}}
	reversed := &Instr{Op: OpSliceBound, Dst: NoValue, Args: []Value{bc, bl}}
	m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
		{Op: OpArg, Dst: bl, Off: 8, Width: 8, Signed: true, Sym: "b_len"},
		{Op: OpArg, Dst: bc, Off: 16, Width: 8, Signed: true, Sym: "b_cap"},
		{Op: OpArg, Dst: cc, Off: 40, Width: 8, Signed: true, Sym: "c_cap"},
		same, other, reversed,
		{Op: OpReturn, Dst: NoValue},
	}}}
	foldConstants(m)
	kept := map[*Instr]bool{}
	for _, in := range m.Blocks[0].Instrs {
		kept[in] = true
	}
	if kept[same] {
		t.Error("len(b) <= cap(b) is kept")
	}
	if !kept[other] || !kept[reversed] {
		t.Errorf("len(b) <= cap(c) kept %v, cap(b) <= len(b) kept %v: want both kept", kept[other], kept[reversed])
	}
	if err := verifySSA(m); err != nil {
		t.Error(err)
	}
}
