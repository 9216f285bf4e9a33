// This file proposes the integer facts the search starts from: the
// checks' own (and the comparisons' outcomes', when deciding them), the
// branches' conditions, and the same facts carried
// through phis, conversions and sums with constants, so that a fact a
// check needs about one register can be found at a block's start about
// another that equals it there.

package checkelim

import (
	"math"
	"sort"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// candidates fills s.cands (at most maxCandidates), and reports whether
// there is a check (or, when deciding them, a comparison) to decide.
// Candidates are gathered up to maxGathered; those no block can start
// with (about a len read in the block of its checks) go before the
// first maxCandidates are kept, so that the eight checks of each
// word(s[8:]) in utf8's ValidString do not crowd out the loop's
// condition.
func (s *bounds) candidates() bool {
	e, f := s.e, s.e.f
	seen := map[fact]bool{}
	add := func(c fact) {
		if c.Kind == validate.FactLE && c.Reg != c.Y && !seen[c] && len(s.cands) < maxGathered {
			seen[c] = true
			s.cands = append(s.cands, c)
		}
	}
	defer s.keepPlaceable()
	var checks, edges []fact // the checks' and the branches' facts
	found := false           // a check or comparison to decide, even one whose facts need no candidate (8 ≤ 512)
	for _, b := range e.rpo {
		for _, in := range b.Instrs {
			if boundsCheck(in) {
				found = true
				for _, c := range validate.CheckFacts(f, in) {
					add(c)
					checks = append(checks, c)
				}
			}
			if e.decide {
				for _, outcome := range [2]bool{true, false} {
					for _, c := range s.rules.OutcomeFacts(in, outcome, b.Index) {
						found = found || c.Kind == validate.FactLE
						add(c)
					}
				}
			}
		}
	}
	if !found {
		return false
	}
	for _, b := range e.rpo {
		for i := range b.Succs {
			for _, c := range s.rules.EdgeFacts(b, i) {
				add(c)
				edges = append(edges, c)
			}
		}
	}
	// Loop phis: the bounds a constant argument gives; a candidate about
	// a phi's argument, about the phi; and one about the phi, about its
	// arguments (which must carry it around the loop, also across blocks
	// between their definition and the back edge).
	var phis []*ir.Instr
	for _, b := range e.rpo {
		for _, phi := range b.Phis {
			d := phi.Dst()
			if !validate.FactLE.AppliesTo(f.TypeOf(d)) {
				continue
			}
			phis = append(phis, phi)
			for _, a := range phi.Args() {
				if k, ok := s.rules.Constant(a, b.Index); ok && k != math.MinInt64 {
					add(fact{Kind: validate.FactLE, Reg: ir.NoReg, Y: d, C: -k})
					add(fact{Kind: validate.FactLE, Reg: d, Y: ir.NoReg, C: k})
				}
			}
		}
	}
	for _, phi := range phis {
		d := phi.Dst()
		for _, a := range phi.Args() {
			_, constant := s.rules.Constant(a, e.def[d].block)
			for _, c := range s.cands {
				switch {
				case c.Reg == a:
					add(fact{Kind: validate.FactLE, Reg: d, Y: c.Y, C: c.C})
				case c.Y == a:
					add(fact{Kind: validate.FactLE, Reg: c.Reg, Y: d, C: c.C})
				case constant:
				case c.Reg == d && c.Y != a:
					add(fact{Kind: validate.FactLE, Reg: a, Y: c.Y, C: c.C})
				case c.Y == d && c.Reg != a:
					add(fact{Kind: validate.FactLE, Reg: c.Reg, Y: a, C: c.C})
				}
			}
		}
	}
	// An integer conversion that keeps the value, of or to a register a
	// candidate is about: the two are equal wherever the conversion
	// dominates (int64(len(s)) in a loop's condition and len(s) in its
	// body's checks).
	mentioned := map[ir.Reg]bool{}
	for _, c := range s.cands {
		mentioned[c.Reg], mentioned[c.Y] = true, true
	}
	for _, b := range e.rpo {
		for _, in := range b.Instrs {
			if in.Op != ir.OpConvert || !validate.FactLE.AppliesTo(f.TypeOf(in.Dst())) || !validate.FactLE.AppliesTo(f.TypeOf(in.Args()[0])) {
				continue
			}
			if r, x := in.Dst(), in.Args()[0]; mentioned[r] || mentioned[x] {
				add(fact{Kind: validate.FactLE, Reg: r, Y: x})
				add(fact{Kind: validate.FactLE, Reg: x, Y: r})
			}
		}
	}
	// A candidate about a sum with a constant, about its other operand:
	// i - t ≤ c with t = n - 1 gives i - n ≤ c - 1, which a[i+1] needs.
	// And the sum's own facts, t - n ≤ -1 and n - t ≤ 1, carried from
	// its definition to where an edge gives i < t and a check needs
	// i < n. Through chains of such sums too (maxOffsetChain): flate's
	// end := len(b) - 4 + 1 bounds i where b[i+3] needs i < len(b) - 3.
	for _, c := range s.cands {
		for _, term := range []struct {
			r    ir.Reg
			left bool
		}{{c.Reg, true}, {c.Y, false}} {
			z, k := term.r, int64(0) // term = z + k
			for range maxOffsetChain {
				next, step, ok := s.offset(z)
				if !ok {
					break
				}
				if k, ok = addInt(k, step); !ok {
					break
				}
				z = next
				if k != math.MinInt64 {
					add(fact{Kind: validate.FactLE, Reg: term.r, Y: z, C: k})
					add(fact{Kind: validate.FactLE, Reg: z, Y: term.r, C: -k})
				}
				// term = z + k: x - (z + k) ≤ c is x - z ≤ c + k; (z + k) - y ≤ c is z - y ≤ c - k.
				if term.left {
					if bound, ok := subInt(c.C, k); ok {
						add(fact{Kind: validate.FactLE, Reg: z, Y: c.Y, C: bound})
					}
				} else if bound, ok := addInt(c.C, k); ok {
					add(fact{Kind: validate.FactLE, Reg: c.Reg, Y: z, C: bound})
				}
			}
		}
	}
	// A candidate about an operand, about its sum with a constant: i ≥ -1
	// of a range loop's counter gives i+1 ≥ 0, which a[:i+1] needs.
	for _, b := range e.rpo {
		for _, in := range b.Instrs {
			if len(in.Dsts()) != 1 {
				continue
			}
			r := in.Dst()
			z, k, ok := s.offset(r)
			if !ok {
				continue
			}
			for _, c := range s.cands {
				// r = z + k: z - y ≤ c is r - y ≤ c + k; x - z ≤ c is x - r ≤ c - k.
				if c.Reg == z && c.Y != r {
					if bound, ok := addInt(c.C, k); ok {
						add(fact{Kind: validate.FactLE, Reg: r, Y: c.Y, C: bound})
					}
				} else if c.Y == z && c.Reg != r {
					if bound, ok := subInt(c.C, k); ok {
						add(fact{Kind: validate.FactLE, Reg: c.Reg, Y: r, C: bound})
					}
				}
			}
		}
	}
	// Two upper bounds of one register, a check's and a branch's: the
	// bound between their other terms. A range loop over a sub-slice or
	// an array's slice compares i with len(s[:n]) or len(a[:]) where
	// the body indexes s or a: len(s[:n]) ≤ n ≤ len(s) from the slice's
	// check, or the array's constant length, holds where the loop's
	// length is defined and links the branch's fact to the check's.
	for _, c := range checks {
		for _, g := range edges {
			if g.Reg != c.Reg || g.Y == c.Y || c.Reg == ir.NoReg {
				continue
			}
			// x - n ≤ c, x - m ≤ g: m - n ≤ c - g is what x - m ≤ g needs.
			if bound, ok := subInt(c.C, g.C); ok {
				add(fact{Kind: validate.FactLE, Reg: g.Y, Y: c.Y, C: bound})
			}
		}
	}
	// A loop phi's value on entry, a register defined before the loop,
	// as its bound either way: j := len(x) narrowed by j = h in
	// slices.BinarySearch stays at most len(x), which x[h] needs.
	mentioned = map[ir.Reg]bool{}
	for _, c := range s.cands {
		mentioned[c.Reg], mentioned[c.Y] = true, true
	}
	for _, phi := range phis {
		d := phi.Dst()
		b := e.def[d].block
		for _, a := range phi.Args() {
			if _, constant := s.rules.Constant(a, b); constant || a == d || !mentioned[a] || !e.definedAt(a, b) {
				continue
			}
			add(fact{Kind: validate.FactLE, Reg: d, Y: a})
			add(fact{Kind: validate.FactLE, Reg: a, Y: d})
		}
	}
	return true
}

// keepPlaceable keeps the candidates that some block other than the
// entry and the recover block can start with: both terms defined
// there. Beyond the first maxCandidates, the rest are ordered by the
// first such block in reverse postorder (stably), which boundsFlow's
// further windows follow: a loop's candidates are about its header's
// or its body's registers, and stay together.
func (s *bounds) keepPlaceable() {
	e := s.e
	kept := s.cands[:0]
	var first []int // per kept candidate: its first block's place in e.rpo
	for _, c := range s.cands {
		for k, b := range e.rpo {
			if b.Index != 0 && b.Index != e.f.Recover && e.definedAt(c.Reg, b.Index) && e.definedAt(c.Y, b.Index) {
				kept = append(kept, c)
				first = append(first, k)
				break
			}
		}
	}
	if len(kept) > maxCandidates {
		rest, at := kept[maxCandidates:], first[maxCandidates:]
		order := make([]int, len(rest))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return at[order[i]] < at[order[j]] })
		sorted := make([]fact, len(rest))
		for i, k := range order {
			sorted[i] = rest[k]
		}
		copy(rest, sorted)
	}
	s.cands = kept
}
