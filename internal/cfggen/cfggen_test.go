package cfggen

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// Every generated function is well-formed SSA form, of the size asked.
func TestWellFormed(t *testing.T) {
	for _, c := range []struct {
		name   string
		src    string
		blocks int
	}{
		{"if-chain 1", IfChain(1), 5},
		{"if-chain 50", IfChain(50), 1 + 4*50},
		{"switch 1", Switch(1), 4},
		{"switch 40", Switch(40), 2*40 + 2},
		{"loops 1x0", Loops(1, 0), 6},
		{"loops 1x3", Loops(1, 3), 2 + 1 + 3*2 + 3},
		{"loops 4x5", Loops(4, 5), 2 + 4*(2*5+4)},
	} {
		f, err := ir.ParseFunc(c.src)
		if err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, c.src)
			continue
		}
		if err := ir.Check(f, ir.SSA); err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, c.src)
		}
		if len(f.Blocks) != c.blocks {
			t.Errorf("%s: %d blocks, want %d", c.name, len(f.Blocks), c.blocks)
		}
	}
}
