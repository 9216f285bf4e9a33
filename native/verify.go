// This file checks that machine code is in SSA form: every value is
// defined once, and every use is dominated by its definition (a phi's
// argument, by the end of its predecessor). The backend's transforms
// must keep this; the allocator assumes it. Lower runs it after each
// transform when verifyTransforms is set (tests set it).

package native

import (
	"fmt"
	"os"
	"strings"
)

// verifyTransforms makes Lower check the code after every transform:
// set by the package's tests, and by VSSA_VERIFY=1 in the environment
// (to find which transform breaks a function vssa compile crashes on).
var verifyTransforms = os.Getenv("VSSA_VERIFY") != ""

// skipTransforms names the transforms Lower leaves out, from VSSA_SKIP
// (comma-separated names of the optional steps in Lower): to find which
// one miscompiles a function.
var skipTransforms = func() map[string]bool {
	m := map[string]bool{}
	for _, name := range strings.Split(os.Getenv("VSSA_SKIP"), ",") {
		m[name] = true
	}
	return m
}()

// verifySSA returns an error describing the first violation in m.
func verifySSA(m *Func) error {
	dom := dominators(m)
	dominates := dom.Dominates
	rpo := reversePostorder(m)
	type site struct{ block, index int } // index -1: a phi
	def := make([]site, len(m.Values))
	for i := range def {
		def[i] = site{-1, 0}
	}
	for _, b := range rpo {
		for _, p := range b.Phis {
			if def[p.Dst].block >= 0 {
				return fmt.Errorf("v%d defined twice", p.Dst)
			}
			def[p.Dst] = site{b.Index, -1}
		}
		for i, in := range b.Instrs {
			if in.Dst != NoValue {
				if def[in.Dst].block >= 0 {
					return fmt.Errorf("v%d defined twice", in.Dst)
				}
				def[in.Dst] = site{b.Index, i}
			}
		}
	}
	available := func(v Value, b, i int) bool { // v available before instruction i of b
		d := def[v]
		if d.block < 0 {
			return false
		}
		if d.block == b {
			return d.index < i
		}
		return dominates(d.block, b)
	}
	for _, b := range rpo {
		if len(b.Instrs) == 0 {
			return fmt.Errorf("b%d has no instructions", b.Index)
		}
		for k, p := range b.Phis {
			if len(p.Args) != len(b.Preds) {
				return fmt.Errorf("b%d: phi %d has %d arguments for %d predecessors", b.Index, k, len(p.Args), len(b.Preds))
			}
			for j, a := range p.Args {
				pb := m.Blocks[b.Preds[j]]
				if dom.Reachable(pb.Index) && !available(a, pb.Index, len(pb.Instrs)) {
					return fmt.Errorf("b%d: phi v%d's argument v%d from b%d is not available there", b.Index, p.Dst, a, pb.Index)
				}
			}
		}
		for i, in := range b.Instrs {
			for _, a := range in.Args {
				if !available(a, b.Index, i) {
					return fmt.Errorf("b%d: instruction %d (op %d) reads v%d, not available there", b.Index, i, in.Op, a)
				}
			}
			if in.Op == OpIntrinsic && in.Intr == IntrCarryOut && !carryPair(flagsNeighbor(b.Instrs, i, -1), in) {
				return fmt.Errorf("b%d: instruction %d, a carry out, does not follow the addition it reads the flags of", b.Index, i)
			}
			if next := flagsNeighbor(b.Instrs, i, 1); in.Op == OpIntrinsic && in.Intr == IntrCarryOut && in.CarryIn && (next == nil || !isCarryArith(next) || !next.CarryIn || !carryFromFlags(in, next)) {
				return fmt.Errorf("b%d: instruction %d, a carry kept in the flags, is not read by the instruction after it", b.Index, i)
			}
		}
		for _, s := range b.Succs {
			if indexOf(m.Blocks[s].Preds, b.Index) < 0 {
				return fmt.Errorf("b%d: successor b%d does not list it", b.Index, s)
			}
		}
	}
	return nil
}
