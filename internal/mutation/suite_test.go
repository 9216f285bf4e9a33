package mutation

import (
	"go/constant"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

// copyPass is a pass that copies its input; its hints are nothing.
func copyPass(f *ir.Func) (*ir.Func, struct{}, error) { return f.Clone(), struct{}{}, nil }

// changeConst is a kind that changes an integer constant of the result.
var changeConst = Kind[struct{}, *Case[struct{}]]{
	Name: "change-const",
	Doc:  "change an integer constant",
	Sites: func(c *Case[struct{}]) []Site[struct{}] {
		var out []Site[struct{}]
		for bi, b := range c.Out.Blocks {
			for i, in := range b.Instrs {
				if in.Op != ir.OpConst || in.Const() == nil || in.Const().Kind() != constant.Int {
					continue
				}
				out = append(out, Site[struct{}]{What: "a constant", Build: func() (*ir.Func, struct{}, bool) {
					g, h := c.Clone()
					g.Blocks[bi].Instrs[i].SetConst(constant.MakeInt64(1 << 20))
					return g, h, true
				}})
			}
		}
		return out
	},
}

func testSuite(t *testing.T, validator func(before, after *ir.Func, _ struct{}) error) *Results {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	s := &Suite[struct{}, *Case[struct{}]]{
		Pass:        "copy",
		Builders:    []Builder[struct{}]{{Name: "copy", Run: copyPass}},
		Prepare:     func(f *ir.Func) *ir.Func { return f },
		Out:         ir.RTL,
		Validate:    validator,
		CloneHints:  func(h struct{}) struct{} { return h },
		HintsString: func(struct{}) string { return "" },
		Context:     func(c *Case[struct{}]) *Case[struct{}] { return c },
		Kinds:       []Kind[struct{}, *Case[struct{}]]{changeConst},
		Programs:    []ProgramFile{{"corpus/arith.go", bridge.Config{}, filepath.Join(root, "bridge", "testdata", "corpus", "arith.go"), ""}},
	}
	res, err := s.Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A validator that accepts anything lets changed constants through: the
// harness runs them, sees the program change, and reports each.
func TestHarnessCatchesLenientValidator(t *testing.T) {
	res := testSuite(t, func(before, after *ir.Func, _ struct{}) error { return nil })
	st := res.Kinds["change-const"]
	if st.Generated == 0 || st.Different == 0 || len(res.Problems) == 0 {
		t.Fatalf("a lenient validator went unnoticed: %+v\n%s", st, res.Report([]string{"change-const"}))
	}
	if !strings.Contains(res.Problems[0], "accepted by the validator, but the program behaves differently") {
		t.Errorf("problem %q does not say what went wrong", res.Problems[0])
	}
	if st.Generated != st.Rejected+st.Equivalent+st.Different {
		t.Errorf("counts do not add up: %+v", st)
	}
}

// A validator that rejects every change leaves no problem.
func TestHarnessStrictValidator(t *testing.T) {
	res := testSuite(t, func(before, after *ir.Func, _ struct{}) error {
		if before.String() != after.String() {
			return errChanged
		}
		return nil
	})
	st := res.Kinds["change-const"]
	if len(res.Problems) > 0 || st.Generated == 0 || st.Rejected != st.Generated {
		t.Fatalf("problems %v, counts %+v", res.Problems, st)
	}
	if res.Honest["copy"] == 0 {
		t.Errorf("no honest result checked")
	}
}

var errChanged = &changedError{}

type changedError struct{}

func (*changedError) Error() string { return "changed" }
