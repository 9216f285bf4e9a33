package native

import (
	"strings"
	"testing"
)

// TestDropRedundantExts checks which conversions go: those of a value
// whose every possible held value the conversion's type holds (Go's own
// conversions of the extremes, below, agree), and no other.
func TestDropRedundantExts(t *testing.T) {
	// The extremes of each operand, converted by Go: equal means the
	// conversion leaves every value of the range as it is.
	maxU32 := uint32(0xFFFFFFFF)
	if uint32(byte(maxU32>>24)) != maxU32>>24 || uint32(int8(maxU32>>25)) != maxU32>>25 ||
		uint32(int8(maxU32>>24)) == maxU32>>24 || uint32(byte(maxU32>>23)) == maxU32>>23 {
		t.Fatal("the expectations below disagree with Go's conversions")
	}
	cases := []struct {
		name string
		def  Instr // defines the operand (its Args filled in)
		ext  Instr
		drop bool
	}{
		{"byte(uint32>>24)", Instr{Op: OpShift, Bin: BinShr, Width: 4, HasImm: true, Imm: 24}, Instr{Op: OpExt, Width: 1}, true},
		{"byte(uint32>>23)", Instr{Op: OpShift, Bin: BinShr, Width: 4, HasImm: true, Imm: 23}, Instr{Op: OpExt, Width: 1}, false},
		{"int8(uint32>>25)", Instr{Op: OpShift, Bin: BinShr, Width: 4, HasImm: true, Imm: 25}, Instr{Op: OpExt, Width: 1, Signed: true}, true},
		{"int8(uint32>>24)", Instr{Op: OpShift, Bin: BinShr, Width: 4, HasImm: true, Imm: 24}, Instr{Op: OpExt, Width: 1, Signed: true}, false},
		{"byte(int32>>24)", Instr{Op: OpShift, Bin: BinShr, Width: 4, Signed: true, HasImm: true, Imm: 24}, Instr{Op: OpExt, Width: 1}, false},
		{"uint16(uint64>>48)", Instr{Op: OpShift, Bin: BinShr, Width: 8, HasImm: true, Imm: 48}, Instr{Op: OpExt, Width: 2}, true},
		{"uint16(uint64>>47)", Instr{Op: OpShift, Bin: BinShr, Width: 8, HasImm: true, Imm: 47}, Instr{Op: OpExt, Width: 2}, false},
		{"uint16(byte load)", Instr{Op: OpLoad, Width: 1}, Instr{Op: OpExt, Width: 2}, true},
		{"int16(byte load)", Instr{Op: OpLoad, Width: 1}, Instr{Op: OpExt, Width: 2, Signed: true}, true},
		{"uint16(int8 load)", Instr{Op: OpLoad, Width: 1, Signed: true}, Instr{Op: OpExt, Width: 2}, false},
		{"int8(byte load)", Instr{Op: OpLoad, Width: 1}, Instr{Op: OpExt, Width: 1, Signed: true}, false},
		{"byte(x & 0xff)", Instr{Op: OpBin, Bin: BinAnd, Width: 8, HasImm: true, Imm: 0xff}, Instr{Op: OpExt, Width: 1}, true},
		{"int8(x & 0xff)", Instr{Op: OpBin, Bin: BinAnd, Width: 8, HasImm: true, Imm: 0xff}, Instr{Op: OpExt, Width: 1, Signed: true}, false},
		{"byte(x & -1)", Instr{Op: OpBin, Bin: BinAnd, Width: 8, HasImm: true, Imm: -1}, Instr{Op: OpExt, Width: 1}, false},
		{"byte(int8 x & 0x80)", Instr{Op: OpBin, Bin: BinAnd, Width: 1, Signed: true, HasImm: true, Imm: 0x80}, Instr{Op: OpExt, Width: 1}, false},
		{"byte(200)", Instr{Op: OpConst, Imm: 200, Width: 8}, Instr{Op: OpExt, Width: 1}, true},
		{"int8(200)", Instr{Op: OpConst, Imm: 200, Width: 8}, Instr{Op: OpExt, Width: 1, Signed: true}, false},
		{"uint32(x + 1)", Instr{Op: OpBin, Bin: BinAdd, Width: 8, HasImm: true, Imm: 1}, Instr{Op: OpExt, Width: 4}, false},
	}
	for _, c := range cases {
		m := &Func{}
		p, x, r := m.newValue(GP, true), m.newValue(GP, false), m.newValue(GP, false)
		d, e := c.def, c.ext
		d.Dst = x
		switch d.Op {
		case OpLoad:
			d.Mem, d.Args = Mem{Base: p, Index: NoValue}, []Value{p}
		case OpConst:
		default:
			d.Args = []Value{p}
		}
		e.Dst, e.Args = r, []Value{x}
		m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
			{Op: OpArg, Dst: p, Width: 8},
			&d, &e,
			{Op: OpReturn, Dst: NoValue, Args: []Value{r}},
		}}}
		dropRedundantExts(m)
		got := m.Blocks[0].Instrs[3].Args[0] == x
		if got != c.drop {
			t.Errorf("%s: dropped %v, want %v", c.name, got, c.drop)
		}
	}
}

// TestCRCIndexUnextended compiles compress/bzip2's updateCRC: the
// table index byte(crc>>24) is the shift's result itself, with no
// MOVBQZX on the loop-carried chain.
func TestCRCIndexUnextended(t *testing.T) {
	src := fallback + `func UpdateCRC(val uint32, b []byte, tab *[256]uint32) uint32 {
	crc := ^val
	for _, v := range b {
		crc = tab[byte(crc>>24)^v] ^ (crc << 8)
	}
	return ^crc
}
`
	text := compiledText(t, src, "UpdateCRC", "UpdateCRC")
	if !strings.Contains(text, "SHRQ $24") {
		t.Fatalf("UpdateCRC has no shift by 24:\n%s", text)
	}
	if strings.Contains(text, "MOVBQZX") {
		t.Errorf("UpdateCRC zero-extends crc>>24:\n%s", text)
	}
}
