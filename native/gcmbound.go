// This file gives vssa compile's pipeline the register-bounded form of
// gcm.

package native

import (
	"slices"

	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

// boundGCM returns pipeline with gcm, if it has it, hoisting only what
// fits in the allocatable registers (gcm.Bounded): unbounded, it hoists
// values out of loops that already use every register, which are then
// spilled and reloaded in the loop (docs/gcm.md: png's filterPaeth,
// snappy's encodeBlock). Same name and validator: only the placement
// chosen differs, and validate.GCM checks it as any other.
func boundGCM(pipeline []*passes.Pass) []*passes.Pass {
	out := slices.Clone(pipeline)
	for i, p := range out {
		if p.Name == "gcm" {
			out[i] = passes.New(p.Name, p.Doc, p.In, p.Out, gcm.Bounded(gcm.Bound{GP: len(gpRegs), FP: len(fpRegs)}), validate.GCM)
		}
	}
	return out
}
