package bridge_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

// translateAnalyzer translates the package buildssa gives (lifted form,
// functions of other packages without bodies) and reports, at the last
// function, how many functions passed the RTL check; it reports every
// failure too.
var translateAnalyzer = &analysis.Analyzer{
	Name:     "translate",
	Doc:      "test: translate the package with the bridge",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		prog := bridge.FromSSA(res.Pkg.Prog, []*ssa.Package{res.Pkg})
		for name, err := range prog.Unsupported {
			pass.Reportf(res.Pkg.Pkg.Scope().Pos(), "%s: %v", name, err)
		}
		ok := 0
		for _, f := range prog.Module.Funcs {
			if err := ir.Check(f, ir.RTL); err != nil {
				pass.Reportf(f.Pos, "%v", err)
				continue
			}
			ok++
		}
		last := res.SrcFuncs[len(res.SrcFuncs)-1]
		pass.Reportf(last.Pos(), "%s", fmt.Sprintf("translated %d functions", ok))
		return nil, nil
	},
}

// TestInsideAnalysis checks that the bridge works on the package of a
// go/analysis pass.
func TestInsideAnalysis(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), translateAnalyzer, "a")
}
