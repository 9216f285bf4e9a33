// This file splits a loop's integer reduction (sum += e, with +, | or
// ^, or a running minimum or maximum) over several accumulators in the unrolled fast copy of a counted
// loop (loops.go): the copy's iterations then add into alternate
// registers, and the adds of one iteration no longer wait for the
// previous iteration's. Mean's sum += s[i] runs one add a cycle on one
// register; on two, two.
//
// Exactness: integer addition at a width wraps modulo 2^(8*width), so
// it is associative and commutative, as | and ^ are; the accumulators
// start at 0, the identity of all three, and are combined with the
// same operation, at the same width, before the original loop goes on.
// A minimum or maximum of integers is associative and commutative too,
// and taking a value twice changes nothing, so its other accumulators
// start from the reduction's start.
// Nothing else in the loop reads the partial sums (a reduction's phi
// has the operation as its one reader, and the operation's result only
// the phi), so no other value sees a different intermediate.

package native

// accumulators is how many registers a reduction of the fast copy is
// split over.
const accumulators = 2

// maxReductionBody is the most instructions an iteration may have for
// its reductions to be split: in a longer one the adds' chain is not
// what limits the loop, and another live accumulator may cost a spill
// (PopCountAll's shifts and masks).
const maxReductionBody = 8

// reduction is a header phi the fast copy may split: phi = phi op e
// each iteration.
type reduction struct {
	phi int    // index in the header's phis
	op  *Instr // the operation whose result is the phi's back-edge argument
}

// reductions returns the header phis of cl that are reductions, if
// there are at most two: the
// back-edge argument is an integer +, | or ^ (no immediate) of the phi
// and a value that is not the phi, computed in the loop, and in the
// loop the phi is read only by it and it only by the phi.
func reductions(m *Func, cl *countedLoop, jb int) []reduction {
	blocks := append([]*Block{cl.h}, cl.body...)
	uses := map[Value]int{}
	op := map[Value]*Instr{}
	size := 0
	for _, c := range blocks {
		for _, in := range c.Instrs {
			if !cl.checks[in] && in.Op != OpJump && in.Op != OpBranch {
				size++
			}
		}
	}
	if size > maxReductionBody {
		return nil
	}
	for _, c := range blocks {
		for _, ph := range c.Phis {
			for _, a := range ph.Args {
				uses[a]++
			}
		}
		for _, in := range c.Instrs {
			for _, a := range in.Args {
				uses[a]++
			}
			if in.hasMem() {
				if in.Mem.Base != NoValue {
					uses[in.Mem.Base]++
				}
				if in.Mem.Index != NoValue {
					uses[in.Mem.Index]++
				}
			}
			if in.Dst != NoValue {
				op[in.Dst] = in
			}
		}
	}
	var rs []reduction
	for i, ph := range cl.h.Phis {
		in := op[ph.Args[jb]]
		if i == cl.iv || in == nil || m.Values[ph.Dst].Class != GP || uses[ph.Dst] != 1 && in.Op != OpSelect || uses[in.Dst] != 1 {
			continue
		}
		if m.Values[ph.Dst].Pointer || in.HasImm || in.Float || in.MemFirst || in.MemY {
			continue
		}
		switch {
		case in.Op == OpBin && len(in.Args) == 2 && (in.Bin == BinAdd || in.Bin == BinOr || in.Bin == BinXor):
			if (in.Args[0] == ph.Dst) == (in.Args[1] == ph.Dst) {
				continue // the phi is not one operand, or is both
			}
		case in.Op == OpSelect && len(in.Args) == 4 && in.Cond >= CondLt && in.Cond <= CondGe:
			// (a < b) ? a : b and the like, with {a, b} the phi and
			// another value: a minimum or a maximum (== or != would
			// pick one side, which is not).
			x := in.Args[0]
			if x == ph.Dst {
				x = in.Args[1]
			}
			pair := func(a, b Value) bool { return a == ph.Dst && b == x || a == x && b == ph.Dst }
			if x == ph.Dst || !pair(in.Args[0], in.Args[1]) || !pair(in.Args[2], in.Args[3]) || uses[ph.Dst] != 2 {
				continue
			}
		default:
			continue
		}
		rs = append(rs, reduction{phi: i, op: in})
	}
	if len(rs) > 2 {
		return nil // more accumulators than spare registers, perhaps
	}
	return rs
}

// start is the value an accumulator but the first starts from: 0 for
// +, | and ^; for a minimum or maximum, which may take a value twice,
// the reduction's own start.
func (rd reduction) start(cl *countedLoop, jp int, zero func() Value) Value {
	if rd.op.Op == OpSelect {
		return cl.h.Phis[rd.phi].Args[jp]
	}
	return zero()
}

// combine returns the instruction that gives a op b, the reduction's
// operation on two accumulators.
func (rd reduction) combine(m *Func, phi, a, b Value) *Instr {
	in := &Instr{Op: rd.op.Op, Bin: rd.op.Bin, Cond: rd.op.Cond, Width: rd.op.Width, Signed: rd.op.Signed, Dst: m.newValue(GP, false), Pos: rd.op.Pos}
	for _, v := range rd.op.Args {
		if v == phi {
			in.Args = append(in.Args, a)
		} else {
			in.Args = append(in.Args, b)
		}
	}
	return in
}
