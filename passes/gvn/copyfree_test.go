package gvn

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// withoutCopies is a yardstick, not a pass: g with every use of a copy
// renamed to the copy's source (through chains of copies) and the
// copies gone, unvalidated. BenchmarkInPipeline -gvn.copyfree numbers
// it instead of g, to measure what gvn and its validator would cost if
// mem2reg renamed the users of promoted loads and stores instead of
// leaving copies (a fifth of its result's instructions on std).
// In SSA form a copy's source is defined wherever the copy is, so the
// result is SSA form too; the benchmark checks it.
func withoutCopies(g *ir.Func) *ir.Func {
	h := g.Clone()
	src := make([]ir.Reg, h.NumRegs())
	for i := range src {
		src[i] = ir.NoReg
	}
	for _, b := range h.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpCopy {
				src[in.Dst()] = in.Args()[0]
			}
		}
	}
	root := func(r ir.Reg) ir.Reg {
		for r != ir.NoReg && src[r] != ir.NoReg {
			r = src[r]
		}
		return r
	}
	for _, b := range h.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				args := in.Args()
				for i, a := range args {
					args[i] = root(a)
				}
			}
		}
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if in.Op != ir.OpCopy {
				kept = append(kept, in)
			}
		}
		b.Instrs = kept
	}
	return h
}

// withoutCopies renames through chains of copies, phi arguments too,
// leaves its input as it was, and its result is SSA form the IR
// checker accepts.
func TestWithoutCopies(t *testing.T) {
	f, err := ir.ParseFunc(`
func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = copy r0
    r3:int = copy r2
    if r1, b1, b3
b1: <- b0
    r4:int = add r3, r2
    jump b2
b3: <- b0
    jump b2
b2: <- b1, b3
    r5:int = phi r4, r3
    return r5
}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(f, ir.SSA); err != nil {
		t.Fatal(err)
	}
	before := f.Format(ir.PrintOptions{})
	g := withoutCopies(f)
	if err := ir.Check(g, ir.SSA); err != nil {
		t.Fatalf("result refused: %v\n%s", err, g.Format(ir.PrintOptions{}))
	}
	want := `
func @main.f(r0 int, r1 bool) int {
b0:
    if r1, b1, b3
b1: <- b0
    r4:int = add r0, r0
    jump b2
b3: <- b0
    jump b2
b2: <- b1, b3
    r5:int = phi r4, r0
    return r5
}`
	w, err := ir.ParseFunc(want)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.Format(ir.PrintOptions{}), w.Format(ir.PrintOptions{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if f.Format(ir.PrintOptions{}) != before {
		t.Errorf("input changed")
	}
}
