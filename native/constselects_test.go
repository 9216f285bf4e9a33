package native

import (
	"strings"
	"testing"
)

// TestDecideConstantSelects checks selects and compares of two
// constants at each width and signedness: the expected sides are Go's
// own comparisons of variables of the types.
func TestDecideConstantSelects(t *testing.T) {
	var s8, one8, u32, s32 = int8(-1), int8(1), uint32(0xFFFFFFFF), int32(7)
	cases := []struct {
		name string
		x, y int64 // the constants, as held (extended)
		in   Instr
		want bool
	}{
		{"int8 -1 < 1", int64(s8), int64(one8), Instr{Op: OpSelect, Cond: CondLt, Width: 1, Signed: true}, s8 < one8},
		{"uint8 0xFF < 1", int64(uint8(s8)), 1, Instr{Op: OpSelect, Cond: CondLt, Width: 1}, uint8(s8) < 1},
		{"uint32 max > 7", int64(u32), int64(s32), Instr{Op: OpSelect, Cond: CondGt, Width: 4}, u32 > uint32(s32)},
		{"int32 7 >= 7", int64(s32), int64(s32), Instr{Op: OpSelect, Cond: CondGe, Width: 4, Signed: true}, s32 >= 7},
		{"60 != 0", 60, 0, Instr{Op: OpSelect, Cond: CondNe, Width: 8}, 60 != 0},
		{"0 != 0", 0, 0, Instr{Op: OpSelect, Cond: CondNe, Width: 8}, false},
		{"cmp int8 -1 <= -2", int64(s8), -2, Instr{Op: OpCmp, Cond: CondLe, Width: 1, Signed: true}, s8 <= -2},
		{"cmp uint32 max == -1", int64(u32), -1, Instr{Op: OpCmp, Cond: CondEq, Width: 4}, true},
	}
	for _, c := range cases {
		for _, imm := range []bool{false, true} {
			m := &Func{}
			x, y, a, b, r := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
			in := c.in
			in.Dst = r
			if imm {
				in.Args, in.Imm, in.HasImm = []Value{x}, c.y, true
			} else {
				in.Args = []Value{x, y}
			}
			if in.Op == OpSelect {
				in.Args = append(in.Args, a, b)
			}
			m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
				{Op: OpConst, Dst: x, Imm: c.x, Width: 8},
				{Op: OpConst, Dst: y, Imm: c.y, Width: 8},
				{Op: OpArg, Dst: a, Width: 8},
				{Op: OpArg, Dst: b, Off: 8, Width: 8},
				&in,
				{Op: OpReturn, Dst: NoValue, Args: []Value{r}},
			}}}
			foldConstants(m)
			ret := m.Blocks[0].Instrs[5].Args[0]
			if c.in.Op == OpCmp {
				if got := m.Blocks[0].Instrs[4]; got.Op != OpConst || got.Imm != b2i(c.want) {
					t.Errorf("%s (imm %v): got %+v, want the constant %d", c.name, imm, got, b2i(c.want))
				}
				continue
			}
			want := b
			if c.want {
				want = a
			}
			if ret != want {
				t.Errorf("%s (imm %v): returns v%d, want v%d", c.name, imm, ret, want)
			}
		}
	}
}

// TestConstantCapSlices compiles crypto/md5's blockGeneric shape: after
// q = q[:64:64], each q[4*i:] moves the pointer by 4*i with no compare
// and conditional move, as gc's code (p[i:], of a capacity not known,
// keeps its one).
func TestConstantCapSlices(t *testing.T) {
	src := fallback + `import "encoding/binary"

func Words(p []byte) uint32 {
	var s uint32
	for i := 0; i <= len(p)-64; i += 64 {
		q := p[i:]
		q = q[:64:64]
		s += binary.LittleEndian.Uint32(q[4*1:]) ^ binary.LittleEndian.Uint32(q[4*2:]) + binary.LittleEndian.Uint32(q[4*15:])
	}
	return s
}
`
	text := compiledText(t, src, "Words", "Words")
	if strings.Count(text, "CMOV") > 1 {
		t.Errorf("Words chooses a constant slice's offset at run time:\n%s", text)
	}
}
