package ir

import (
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// onceAccepts runs only the one-read check (check_once.go).
func onceAccepts(f *Func, d Discipline, types bool) bool {
	c := checker{f: f, d: d, types: types, scratch: new(checkScratch)}
	return len(f.Blocks) > 0 && c.checkBlockIndices() && c.checkOnce()
}

// stagedCheck runs only the stages of run, leaving counts and verdict.
func stagedCheck(f *Func, d Discipline, types bool) error {
	c := checker{f: f, d: d, types: types, scratch: new(checkScratch), staged: true}
	return c.check()
}

// checkedFunc builds a random function with typed registers, edges that
// stay among its blocks and terminators that fit them: the rules left
// to break are mostly the discipline's (definitions, dominance, phis),
// which the one read decides differently from the stages.
func checkedFunc(rng *rand.Rand) *Func {
	f := NewFunc("main.random")
	nregs := 1 + rng.Intn(6)
	for range nregs {
		f.NewReg(regInt)
	}
	reg := func() Reg { return Reg(rng.Intn(nregs)) }
	if rng.Intn(3) == 0 {
		f.Params = []Reg{reg()}
	}
	n := 1 + rng.Intn(7)
	for range n {
		f.NewBlock()
	}
	for _, b := range f.Blocks {
		for range rng.Intn(4) {
			in := NewInstr(OpCopy, 0, []Reg{reg()}, []Reg{reg()})
			b.Instrs = append(b.Instrs, in)
		}
		var term *Instr
		switch k := rng.Intn(3); {
		case k == 0 || n == 1:
			term = NewInstr(OpReturn, 0, nil, nil)
		case k == 1:
			term = NewInstr(OpJump, 0, nil, nil)
			f.AddEdge(b.Index, rng.Intn(n))
		default:
			term = NewInstr(OpIf, 0, nil, []Reg{reg()})
			f.AddEdge(b.Index, rng.Intn(n))
			f.AddEdge(b.Index, rng.Intn(n))
		}
		b.Instrs = append(b.Instrs, term)
	}
	for _, b := range f.Blocks {
		if len(b.Preds) >= 2 && rng.Intn(2) == 0 {
			phi := NewInstr(OpPhi, 0, []Reg{reg()}, nil)
			for range len(b.Preds) - rng.Intn(8)/7 { // one argument short, now and then
				phi.SetArgs(append(phi.Args(), reg()))
			}
			b.Phis = append(b.Phis, phi)
		}
	}
	if n > 1 && rng.Intn(5) == 0 {
		f.Recover = 1 + rng.Intn(n-1)
	}
	return f
}

// The one read accepts exactly what the stages accept, in both
// disciplines, on random functions: some accepted by both, many
// rejected for one rule or another.
func TestCheckOnceAgreesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	accepted := map[Discipline]int{}
	const n = 40000
	for i := range n {
		f := checkedFunc(rng)
		for _, d := range []Discipline{RTL, SSA} {
			once, staged := onceAccepts(f, d, false), stagedCheck(f, d, false)
			if once != (staged == nil) {
				t.Fatalf("function %d in %s: one read accepts: %v, the stages say %v\n%s", i, d, once, staged, f.Format(PrintOptions{}))
			}
			if once {
				accepted[d]++
			}
		}
	}
	// Enough of each verdict to mean something.
	for _, d := range []Discipline{RTL, SSA} {
		if accepted[d] < n/50 || accepted[d] > n-n/50 {
			t.Errorf("%s: %d of %d random functions accepted, want a mix", d, accepted[d], n)
		}
	}
	t.Logf("accepted: RTL %d, SSA %d of %d", accepted[RTL], accepted[SSA], n)
}

// On the checker's test files (valid and invalid functions, with types),
// the one read agrees with the stages, and what an accepted function
// keeps (counts, accesses, fingerprint) is the same either way. Each
// function is also tried with two instructions of a block swapped, which
// breaks dominance within the block.
func TestCheckOnceAgreesFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.vssa")
	more, _ := filepath.Glob("testdata/check/*.vssa")
	tried := 0
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(file, string(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m.Funcs {
			variants := []*Func{f}
			for bi, b := range f.Blocks {
				if len(b.Instrs) >= 3 {
					g := f.ShallowClone()
					ins := g.Blocks[bi].Instrs
					ins[0], ins[1] = ins[1], ins[0]
					variants = append(variants, g)
				}
			}
			for _, g := range variants {
				for _, d := range []Discipline{RTL, SSA} {
					tried++
					once := onceAccepts(g, d, true)
					g.ForgetChecks()
					err := stagedCheck(g, d, true)
					if once != (err == nil) {
						t.Errorf("%s: %s in %s: one read accepts: %v, the stages say %v", file, g.Name, d, once, err)
						continue
					}
					if !once {
						continue
					}
					staged, stagedPrint := g.Counts(), g.Verdict().Fingerprint
					g.ForgetChecks()
					if err := Check(g, d); err != nil {
						t.Fatalf("%s: %s: %v after the one read accepted it", file, g.Name, err)
					}
					got := g.Counts()
					if !slices.Equal(got.Defs, staged.Defs) || !slices.Equal(got.Mentions, staged.Mentions) || !slices.Equal(got.Multi, staged.Multi) ||
						!slices.Equal(got.AddrUses, staged.AddrUses) || !slices.Equal(got.Accesses, staged.Accesses) || g.Verdict().Fingerprint != stagedPrint {
						t.Errorf("%s: %s in %s: the one read leaves other counts or another fingerprint than the stages", file, g.Name, d)
					}
				}
			}
		}
	}
	if tried < 50 {
		t.Errorf("only %d functions tried", tried)
	}
}
