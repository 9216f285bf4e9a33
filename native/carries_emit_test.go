package native

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// x86 runs the few instructions carryArith and a carry out emit, on
// 64-bit registers (X15 included), CF, and memory read at addresses
// disp(REG).
type x86 struct {
	reg map[string]uint64
	mem map[uint64]uint64
	cf  bool
}

func (m *x86) read(t *testing.T, op string) uint64 {
	if v, ok := strings.CutPrefix(op, "$"); ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("immediate %q", op)
		}
		return uint64(n)
	}
	if i := strings.Index(op, "("); i >= 0 {
		disp := int64(0)
		if i > 0 {
			disp, _ = strconv.ParseInt(op[:i], 10, 64)
		}
		v, ok := m.mem[m.reg[strings.Trim(op[i:], "()")]+uint64(disp)]
		if !ok {
			t.Fatalf("%s reads no operand's memory", op)
		}
		return v
	}
	return m.reg[op]
}

func (m *x86) run(t *testing.T, code string) {
	for _, line := range strings.Split(strings.TrimSpace(code), "\n") {
		f := strings.Fields(strings.ReplaceAll(line, ",", " "))
		switch f[0] {
		case "MOVQ":
			m.reg[f[2]] = m.read(t, f[1])
		case "MOVL":
			m.reg[f[2]] = uint64(uint32(m.read(t, f[1])))
		case "NEGL":
			v := uint32(m.reg[f[1]])
			m.cf = v != 0
			m.reg[f[1]] = uint64(-v)
		case "MULQ":
			m.reg["DX"], m.reg["AX"] = bits.Mul64(m.reg["AX"], m.read(t, f[1]))
		case "IMULQ":
			m.reg[f[2]] *= m.read(t, f[1])
		case "NEGQ":
			v := m.reg[f[1]]
			m.cf = v != 0
			m.reg[f[1]] = -v
		case "ADDQ", "ADCQ", "SUBQ", "SBBQ":
			var c uint64
			if (f[0] == "ADCQ" || f[0] == "SBBQ") && m.cf {
				c = 1
			}
			var r, out uint64
			if f[0][0] == 'A' {
				r, out = bits.Add64(m.reg[f[2]], m.read(t, f[1]), c)
			} else {
				r, out = bits.Sub64(m.reg[f[2]], m.read(t, f[1]), c)
			}
			m.reg[f[2]], m.cf = r, out != 0
		default:
			t.Fatalf("instruction %q not simulated", line)
		}
	}
}

// gpLoc returns the location of the general register named name.
func gpLoc(name string) validate.Loc {
	for i, n := range gpNames {
		if n == name {
			return validate.Loc(i)
		}
	}
	panic(name)
}

// TestCarryArithRegisters checks the instructions carryArith emits for
// every way the allocator may place the operands and the result (the
// result in an operand's register, the carry's or an address
// register), with and without a carry in, from memory or an immediate,
// then a carry out: sum and carry as math/bits computes them with gc's
// carry in (1 when its low 32 bits are not 0).
func TestCarryArithRegisters(t *testing.T) {
	regs := []string{"AX", "CX", "DX", "BX"}
	loc := gpLoc
	values := [][3]uint64{{5, 7, 1}, {^uint64(0), 1, 0}, {^uint64(0), ^uint64(0), 1 << 32}, {0, 1, 1<<33 | 5}, {1 << 63, 1 << 63, 2}, {3, 9, 0}}
	for _, add := range []bool{true, false} {
		for _, form := range []string{"reg", "mem", "imm"} {
			for _, carry := range []bool{true, false} {
				for _, xr := range regs[:3] {
					for _, yr := range regs[:3] {
						for _, cr := range regs[:3] {
							if xr == yr || carry && (cr == xr || cr == yr) || !carry && cr != regs[0] {
								continue
							}
							dsts := append([]string{}, regs...)
							if form == "mem" {
								dsts = append(dsts, "SI") // the address register
							}
							for _, dr := range dsts {
								for _, v := range values {
									checkCarryArith(t, add, form, carry, xr, yr, cr, dr, v, loc)
								}
							}
						}
					}
				}
			}
		}
	}
}

func checkCarryArith(t *testing.T, add bool, form string, carry bool, xr, yr, cr, dr string, v [3]uint64, loc func(string) validate.Loc) {
	in := &Instr{Op: OpIntrinsic, Intr: IntrAddCarry, Width: 8, CarryIn: carry, Dst: 9}
	if !add {
		in.Intr = IntrSubBorrow
	}
	x, y, c := v[0], v[1], v[2]
	uses := []validate.Loc{loc(xr)}
	in.Args = []Value{0}
	if carry {
		uses = append(uses, loc(cr))
		in.Args = append(in.Args, 1)
	}
	m := &x86{reg: map[string]uint64{xr: x, yr: y, "SI": 0x1000}, mem: map[uint64]uint64{0x1008: y}}
	if carry {
		m.reg[cr] = c
	}
	switch form {
	case "reg":
		uses = append(uses, loc(yr))
		in.Args = append(in.Args, 2)
	case "mem":
		in.MemY, in.Mem = true, Mem{Base: 3, Index: NoValue, Scale: 1, Disp: 8}
		uses = append(uses, loc("SI"))
		in.Args = append(in.Args, 3)
	case "imm":
		y = uint64(int64(int32(y)))
		in.HasImm, in.Imm = true, int64(int32(v[1]))
	}
	e := &emitter{}
	e.carryArith(in, uses, dr)
	out := &Instr{Op: OpIntrinsic, Intr: IntrCarryOut, Width: 8, Args: []Value{in.Dst}, Dst: 10}
	e.intrinsic(out, []validate.Loc{loc(dr)}, loc("R8"))
	code := e.w.String()
	m.run(t, code)
	var cin uint64
	if carry && uint32(c) != 0 {
		cin = 1
	}
	want, wantOut := bits.Add64(x, y, cin)
	if !add {
		want, wantOut = bits.Sub64(x, y, cin)
	}
	if got, gotOut := m.reg[dr], m.reg["R8"]; got != want || gotOut != wantOut {
		desc := fmt.Sprintf("add %v, %s, carry %v, x in %s, y in %s, c in %s, result in %s, x=%d y=%d c=%d", add, form, carry, xr, yr, cr, dr, x, y, c)
		t.Fatalf("%s: got %d carry %d, want %d carry %d:\n%s", desc, got, gotOut, want, wantOut, code)
	}
}

// TestMulLoRegisters checks the low half of bits.Mul64 read from AX
// after the high half's MULQ, and computed again when the high half
// went to AX or a move wrote AX between them.
func TestMulLoRegisters(t *testing.T) {
	loc := gpLoc
	x, y := uint64(0xdeadbeefcafef00d), uint64(0x123456789abcdef1)
	wantHi, wantLo := bits.Mul64(x, y)
	for _, hiDst := range []string{"DX", "AX", "CX"} {
		for _, moved := range []bool{false, true} {
			for _, loDst := range []string{"AX", "CX", "BX", "DX", "SI"} {
				if moved && hiDst == "AX" {
					continue // AX holds the high half: no move writes it
				}
				hi := &Instr{Op: OpIntrinsic, Intr: IntrMulHi, Width: 8, Dst: 2, Args: []Value{0, 1}}
				lo := &Instr{Op: OpIntrinsic, Intr: IntrMulLo, Width: 8, Dst: 3, Args: []Value{2, 0, 1}}
				e := &emitter{}
				e.intrinsic(hi, []validate.Loc{loc("SI"), loc("DI")}, loc(hiDst))
				e.last, e.lastDst = hi, loc(hiDst)
				if moved {
					e.ins("MOVQ $12345, AX")
					e.axWritten = true
				}
				e.intrinsic(lo, []validate.Loc{loc(hiDst), loc("SI"), loc("DI")}, loc(loDst))
				m := &x86{reg: map[string]uint64{"SI": x, "DI": y}}
				m.run(t, e.w.String())
				if m.reg[loDst] != wantLo || loDst != hiDst && m.reg[hiDst] != wantHi {
					t.Errorf("high in %s, move into AX %v, low in %s: got %#x, %#x, want %#x, %#x:\n%s", hiDst, moved, loDst, m.reg[hiDst], m.reg[loDst], wantHi, wantLo, e.w.String())
				}
			}
		}
	}
}
