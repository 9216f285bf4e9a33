// This file is the mutation suite of the mem2reg validator, on the
// shared harness (internal/mutation): the honest results of both
// builders on every function of the corpus, mutated in the ways
// mutants_test.go defines.

package mem2reg

import (
	"fmt"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.Mem2RegHints, *mctx]{
		Pass:       "mem2reg",
		Builders:   []mutation.Builder[*validate.Mem2RegHints]{{Name: "cytron", Run: Run}, {Name: "braun", Run: RunBraun}},
		Prepare:    normalized,
		Out:        ir.SSA,
		Validate:   validate.Mem2Reg,
		CloneHints: cloneHints,
		HintsString: func(h *validate.Mem2RegHints) string {
			return fmt.Sprintf("%v\n%v", h.SSA.Orig, h.Promote.Vars)
		},
		Context:  newMctx,
		Kinds:    mutationKinds,
		MinKinds: 12,
	}
	suite.Test(t)
}

// normalized is mem2reg's input made of a function of the bridge: its
// normalize result, validated and checked (so that it has the register
// counts validators read), or nil.
func normalized(f *ir.Func) *ir.Func {
	n, h, err := normalize.Run(f)
	if err != nil || validate.Normalize(f, n, h) != nil || ir.Check(n, ir.RTL) != nil {
		return nil
	}
	return n
}
