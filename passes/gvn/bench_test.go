package gvn

import (
	"flag"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

var benchPkgs = flag.String("gvn.bench", "fmt strconv sort encoding/json go/parser net/http", "packages whose functions BenchmarkGVN numbers")

// benchInputs returns the SSA form of every function of the packages
// of -gvn.bench, each checked by the IR checker (which leaves the
// register counts the validator reads), and the normalized functions
// mem2reg made them of.
func benchInputs(b *testing.B) (ssa, norm []*ir.Func) {
	b.Helper()
	prog, err := bridge.Load(bridge.Config{}, strings.Fields(*benchPkgs)...)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range prog.Module.Funcs {
		n, _, err := normalize.Run(f)
		if err != nil || ir.Check(n, ir.RTL) != nil {
			continue
		}
		if g := ssaform.Of(f); g != nil && ir.CheckStructure(g, ir.SSA) == nil {
			ssa, norm = append(ssa, g), append(norm, n)
		}
	}
	return ssa, norm
}

// BenchmarkGVN measures the pass and its validator on the functions of
// -gvn.bench, apart (for profiles: go test -bench GVN -cpuprofile),
// and mem2reg with its validator on the same functions, the other side
// of the ratio Q, for a quick look at it (benchmarks run one
// after the other, so the ratio is noisier than vssa bench's, which
// measures both on std in one profile).
func BenchmarkGVN(b *testing.B) {
	in, norm := benchInputs(b)
	type result struct {
		g *ir.Func
		h *validate.GVNHints
	}
	out := make([]result, len(in))
	run := func(b *testing.B) {
		for i, f := range in {
			g, h, err := Run(f)
			if err != nil {
				b.Fatal(err)
			}
			out[i] = result{g, h}
		}
	}
	run(b) // the validator's inputs, when it runs alone
	b.Run("pass", func(b *testing.B) {
		for range b.N {
			run(b)
		}
	})
	b.Run("mem2reg+validate", func(b *testing.B) {
		for range b.N {
			for _, f := range norm {
				g, h, err := mem2reg.Run(f)
				if err != nil {
					b.Fatal(err)
				}
				if err := validate.Mem2Reg(f, g, h); err != nil {
					b.Fatalf("%s: %v", f.Name, err)
				}
			}
		}
	})
	b.Run("validate", func(b *testing.B) {
		for range b.N {
			for i, f := range in {
				if err := validate.GVN(f, out[i].g, out[i].h); err != nil {
					b.Fatalf("%s: %v", f.Name, err)
				}
			}
		}
	})
}
