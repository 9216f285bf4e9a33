package gvn

import (
	"flag"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

var benchPkgs = flag.String("gvn.bench", "fmt strconv sort encoding/json go/parser net/http", "packages whose functions BenchmarkGVN numbers")

// benchInputs returns the SSA form of every function of the packages
// of -gvn.bench, each checked by the IR checker (which leaves the
// register counts the validator reads).
func benchInputs(b *testing.B) []*ir.Func {
	b.Helper()
	prog, err := bridge.Load(bridge.Config{}, strings.Fields(*benchPkgs)...)
	if err != nil {
		b.Fatal(err)
	}
	var in []*ir.Func
	for _, f := range prog.Module.Funcs {
		if g := ssaform.Of(f); g != nil && ir.CheckStructure(g, ir.SSA) == nil {
			in = append(in, g)
		}
	}
	return in
}

// BenchmarkGVN measures the pass and its validator on the functions of
// -gvn.bench, apart (for profiles: go test -bench GVN -cpuprofile).
// vssa bench measures both on std against mem2reg in one run.
func BenchmarkGVN(b *testing.B) {
	in := benchInputs(b)
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
