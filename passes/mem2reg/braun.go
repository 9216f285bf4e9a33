// This file builds SSA form with the algorithm of Braun, Buchwald,
// Hack, Leißa, Mallon and Zwinkau (CC 2013), as verified by Ullrich.

package mem2reg

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

func braun(f *ir.Func) (*ir.Func, *validate.SSAHints, error) {
	return nil, nil, fmt.Errorf("mem2reg-braun: not implemented yet")
}
