package ir

import (
	"fmt"
	"math/rand"
)

// randomFunc builds a function of random blocks, edges, copies and
// phis over a few registers, with a recover block sometimes: for the CFG
// and liveness algorithms, which read only operands, results and edges,
// so the function need not be well-formed otherwise.
func randomFunc(rng *rand.Rand) *Func {
	f := NewFunc("main.random")
	nregs := 1 + rng.Intn(6)
	for range nregs {
		f.NewReg(nil)
	}
	n := 1 + rng.Intn(8)
	for i := range n {
		f.Blocks = append(f.Blocks, &Block{Index: i})
	}
	for _, b := range f.Blocks {
		for range rng.Intn(5) {
			in := NewInstr(OpCopy, 0, []Reg{Reg(rng.Intn(nregs))}, []Reg{Reg(rng.Intn(nregs))})
			if rng.Intn(4) == 0 {
				in.SetDsts(nil) // a use only
			}
			b.Instrs = append(b.Instrs, in)
		}
		term := NewInstr(OpReturn, 0, nil, nil)
		if rng.Intn(3) == 0 {
			term.SetArgs([]Reg{Reg(rng.Intn(nregs))})
		}
		b.Instrs = append(b.Instrs, term)
		for range rng.Intn(3) {
			s := rng.Intn(n)
			b.Succs = append(b.Succs, s)
			f.Blocks[s].Preds = append(f.Blocks[s].Preds, b.Index)
		}
	}
	for _, b := range f.Blocks {
		if len(b.Preds) > 0 && rng.Intn(3) == 0 {
			phi := NewInstr(OpPhi, 0, []Reg{Reg(rng.Intn(nregs))}, nil)
			for range b.Preds {
				phi.SetArgs(append(phi.Args(), Reg(rng.Intn(nregs))))
			}
			b.Phis = append(b.Phis, phi)
		}
	}
	if n > 1 && rng.Intn(3) == 0 {
		f.Recover = 1 + rng.Intn(n-1)
	}
	return f
}

func dumpRandom(f *Func) string {
	s := fmt.Sprintf("recover b%d\n", f.Recover)
	for _, b := range f.Blocks {
		s += fmt.Sprintf("b%d -> %v:", b.Index, b.Succs)
		for _, in := range b.Instrs {
			s += fmt.Sprintf(" %v=%v", in.Dsts(), in.Args())
		}
		s += "\n"
	}
	return s
}
