// This file finds the functions whose every loop can stop early on the
// data it reads: besides its bound, the loop leaves from inside its body
// at a test of what it loaded (gjson's isSimpleName returns false at the
// first byte that is a control byte or one of nine punctuation bytes).
// On typical input such a loop stops after a few rounds, and if gc
// inlines the function, the whole call costs gc a few instructions in
// its caller, where the call of assembly adds a fixed cost that so few
// rounds cannot win back: gc's ABIInternal→ABI0 wrapper, which stores
// the arguments and loads the results, the frame, and the loop's set-up.
// Scalar, vssa's loop runs at about gc's speed a round, so long inputs
// win nothing back either (isSimpleName ran at 0.51x gc: its test chain
// against gc's binary search of the switch). A loop vssa makes a vector
// loop is different: on long inputs it runs 16 or 32 bytes a round
// (flate's matchLen 10x, fastjson's skipWSSlow 6.9x gc), so it is
// compiled; so is a loop that does work besides its tests (searchOnly).
// vssa compile therefore leaves to gc a function gc inlines whose every
// loop only searches and can leave early on its data, unless its lowered
// code has a vector loop. Measured on the real functions of
// internal/realfuncs, the kernels and 48 functions not in the suite, the
// rule leaves isSimpleName (0.51x), go-runewidth's inTable, a binary
// search, and math/big's nat.norm, and no function compiled faster than
// gc.

package native

import (
	"go/token"
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
	"golang.org/x/tools/go/ssa"
)

// leftInlinedExit is the reason a function earlyExitLoops finds, without
// a vector loop, is left to gc.
const leftInlinedExit = "gc inlines it into its callers and each of its loops only searches (it tests what it loads and writes nothing) and can stop at the first elements it reads (a return or break on a value it loaded), with no loop vssa could make a vector loop, so on typical input a call of assembly would cost more than it saves"

// earlyExitLoops reports whether fn has loops and each only searches
// (searchOnly) and can leave early on its data: an edge out of the loop
// from a block other than its header, whose branch tests a value
// computed from a load in the loop.
func earlyExitLoops(fn *ssa.Function) bool {
	n := 0
	for _, latch := range fn.Blocks {
		for _, h := range latch.Succs {
			if !h.Dominates(latch) {
				continue
			}
			n++
			if !earlyExit(h, latch) {
				return false
			}
		}
	}
	return n > 0
}

// earlyExit reports whether the loop of header h with back edge from
// latch only searches (searchOnly) and has an exit from a block of its
// body on a loaded value.
func earlyExit(h, latch *ssa.BasicBlock) bool {
	in := func(b *ssa.BasicBlock) bool {
		return b == h || h.Dominates(b) && reaches(b, latch, h)
	}
	if !searchOnly(h.Parent(), in) {
		return false
	}
	for _, b := range h.Parent().Blocks {
		if b == h || !in(b) || len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || in(b.Succs[0]) && in(b.Succs[1]) {
			continue
		}
		if loadedIn(br.Cond, in, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}

// loadedIn reports whether v is computed, in blocks in reports true
// for, from a load: of memory (*p), a string's byte or an element of an
// array value; a local variable's value from what is stored in it
// there.
func loadedIn(v ssa.Value, in func(*ssa.BasicBlock) bool, seen map[ssa.Value]bool) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok || seen[v] || instr.Block() == nil || !in(instr.Block()) {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL && !a.Heap {
			// A local variable (the function as built, before its
			// locals become registers): what the loop stores in it.
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a && loadedIn(st.Val, in, seen) {
					return true
				}
			}
			return false
		}
		if x.Op == token.MUL {
			return true
		}
	case *ssa.Lookup, *ssa.Index:
		return true
	case *ssa.Call, *ssa.Phi:
		// A call's result is not the loop's data; a phi carries a
		// value from one round to the next (a counter).
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && loadedIn(*op, in, seen) {
			return true
		}
	}
	return false
}

// hasVectorLoop reports whether f, lowered as the function would be
// compiled, has vector instructions, or whether it cannot tell: f nil,
// or the passes or the lowering refuse it (the compilation then says
// why).
func hasVectorLoop(f *ir.Func, sig *types.Signature, body func(string) *ir.Func, pipeline []*passes.Pass, u *Unit, avx2Flag string) bool {
	if f == nil {
		return true
	}
	g, err := passIR(f, body, pipeline)
	if err != nil {
		return true
	}
	// A unit of its own: the trial's trampolines and strings are not
	// the package's.
	m, err := Lower(g, sig, &Unit{Pkg: u.Pkg, Callees: u.Callees, Data: &DataSet{prefix: u.Data.prefix}}, avx2Flag)
	if err != nil {
		return true
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op.vector() {
				return true
			}
		}
	}
	return false
}

// searchOnly reports whether the loop of the blocks in reports true for
// does nothing but look: it calls nothing and writes no memory but its
// scalar local variables (as the function as built has them), each
// stepped by a constant (its index) or set to an element it loads (the
// byte it tests). A loop that does work besides its tests, in memory
// or in a variable (a number parsed digit by digit), is one where
// vssa's code can win even on the rounds it runs: strings'
// makeASCIISet, which sets a bit of its result for each byte until one
// is not ASCII, ran at 1.25x gc compiled.
func searchOnly(fn *ssa.Function, in func(*ssa.BasicBlock) bool) bool {
	for _, b := range fn.Blocks {
		if !in(b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if b, ok := x.Common().Value.(*ssa.Builtin); !ok || b.Name() != "len" && b.Name() != "cap" {
					return false
				}
			case *ssa.Store:
				a, ok := x.Addr.(*ssa.Alloc)
				if !ok || a.Heap {
					return false
				}
				if _, basic := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Basic); !basic || !stepOrLoad(x.Val, a) {
					return false
				}
			case *ssa.MapUpdate:
				return false
			}
		}
	}
	return true
}

// stepOrLoad reports whether v, stored in the local variable a, is a's
// value plus or minus a constant, or an element loaded from memory, a
// string or an array.
func stepOrLoad(v ssa.Value, a *ssa.Alloc) bool {
	switch v := v.(type) {
	case *ssa.BinOp:
		ld, ok := v.X.(*ssa.UnOp)
		_, c := v.Y.(*ssa.Const)
		return (v.Op == token.ADD || v.Op == token.SUB) && c && ok && ld.Op == token.MUL && ld.X == a
	case *ssa.UnOp:
		_, local := v.X.(*ssa.Alloc)
		return v.Op == token.MUL && !local
	case *ssa.Lookup, *ssa.Index:
		return true
	}
	return false
}
