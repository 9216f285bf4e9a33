package native

import (
	"strings"
	"testing"
)

// TestBlockCSE compiles ascii85's digit loop: v%85 and then v/85 lower
// to the same multiplication by the reciprocal, made once per digit
// (five IMULQ by it, each a quotient the remainder reuses), not twice.
func TestBlockCSE(t *testing.T) {
	src := fallback + `func Digits(dst []byte, v uint32) {
	for i := 4; i >= 0; i-- {
		dst[i] = '!' + byte(v%85)
		v /= 85
	}
}
`
	text := compiledText(t, src, "Digits", "Digits")
	if n := strings.Count(text, "IMULQ "); n != 5 {
		t.Errorf("Digits multiplies by 85's reciprocal %d times, want 5:\n%s", n, text)
	}
}

// TestBlockCSEStores checks that a load after a store that may write
// its memory, a vector store included, is not merged with the load
// before it, while a load with nothing written between is.
func TestBlockCSEStores(t *testing.T) {
	for _, store := range []Op{OpStore, OpVStore, OpRMW} {
		m := &Func{}
		p, v1, v2, v3, x := m.newValue(GP, true), m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false), m.newValue(FP, false)
		mem := Mem{Base: p, Index: NoValue}
		st := &Instr{Op: store, Dst: NoValue, Width: 8, Mem: mem, Args: []Value{x, p}}
		if store == OpRMW {
			st.Args = []Value{v1, p}
		}
		ret := &Instr{Op: OpReturn, Dst: NoValue, Args: []Value{v1, v2, v3}}
		m.Blocks = []*Block{{Index: 0, Instrs: []*Instr{
			{Op: OpArg, Dst: p, Width: 8},
			{Op: OpLoad, Dst: v1, Width: 8, Mem: mem, Args: []Value{p}},
			{Op: OpLoad, Dst: v2, Width: 8, Mem: mem, Args: []Value{p}},
			st,
			{Op: OpLoad, Dst: v3, Width: 8, Mem: mem, Args: []Value{p}},
			ret,
		}}}
		blockCSE(m)
		if ret.Args[1] != v1 {
			t.Errorf("%v: the second load, right after the first, was kept", store)
		}
		if ret.Args[2] != v3 {
			t.Errorf("%v: the load after the store was merged with the one before", store)
		}
	}
}
