package interp

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// Frames of returned calls are reused (goroutine.frameFor): calls of
// functions with more and fewer registers taking turns still compute
// their results, and a frame waiting for reuse holds no value of its
// call, which would keep objects the program dropped reachable.
func TestReusedFrames(t *testing.T) {
	m := mustParse(t, `
func @main.keep(r0 *int) int {
b0:
    r1:int = load r0
    return r1
}

func @main.big(r0 int) int {
b0:
    r1:*int = new
    store r1, r0
    r2:int = call @main.keep(r1)
    r3:int = add r2, r0
    r4:int = mul r3, r3
    r5:int = sub r4, r0
    return r5
}

func @main.small(r0 int) int {
b0:
    r1:int = call @main.big(r0)
    r2:int = call @main.keep2(r1)
    return r2
}

func @main.keep2(r0 int) int {
b0:
    return r0
}
`)
	for _, f := range m.Funcs {
		if err := ir.Check(f, ir.RTL); err != nil {
			t.Fatal(err)
		}
	}
	it := New(m, Options{})
	g := &goroutine{}
	for x := int64(1); x <= 3; x++ {
		out := it.call(g, it.lookupFunc("main.small"), nil, []Value{{n: uint64(x)}}, nil)
		want := 4*x*x - x // (x+x)^2 - x
		if got := int64(out[0].n); got != want {
			t.Errorf("small(%d) = %d, want %d", x, got, want)
		}
	}
	if len(g.free) == 0 {
		t.Fatal("no frame was kept for reuse")
	}
	for i, fr := range g.free {
		if fr.caller != nil || fr.fn != nil || fr.g != nil || fr.retRegs != nil || fr.retSlots != nil || fr.results != nil || fr.defers != nil || fr.recoverable != nil || fr.pc != 0 {
			t.Errorf("free frame %d keeps fields of its call: %+v", i, *fr)
		}
		for k, v := range fr.regs[:cap(fr.regs)] {
			if v.n != 0 || v.r != nil {
				t.Errorf("free frame %d keeps register %d of its call: %+v", i, k, v)
			}
		}
	}
}
