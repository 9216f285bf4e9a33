// This file moves what a statement evaluates before a && or || operator
// in value context to after it, as gc does. gc's order pass
// (cmd/compile/internal/walk/order.go, OANDAND/OOROR) evaluates such an
// operator into a temporary at the point it reaches it, as it does a
// call, and leaves the statement's other operands in place: index
// expressions, dereferences, arithmetic and variable reads happen after
// every such temporary. go/ssa evaluates left to right, so in
//
//	s[i%len(s)] = s[1] || s[2]
//
// with s empty it divides by zero where gc's code reports s[1]'s index
// out of range, and in g + f(p || inc()) it reads g before inc changes
// it. (testdata/run/logicalorder.go holds these and more, compared
// with gc.)
//
// go/ssa builds such an operator (logicalBinop) from the block where
// its left operand starts, A, through blocks of its own to a join
// block D holding a phi commented "&&" or "||"; A is D's immediate
// dominator. The statement's instructions in A before the operator's
// are moved to the start of D when gc would evaluate them afterwards:
// reads, address and arithmetic computations with their checks,
// conversions, and allocations and stores of values the statement
// builds. What gc evaluates in order stays (inOrder: calls, slicing,
// some type assertions…; markCopiedInOrder: values gc copies into a
// temporary where they stand), with what it reads. The statement is
// left as it is when anything else precedes the operator in A (a write
// to memory the statement did not allocate, a send…); an instruction
// stays when a register it writes is read or written before D, or one
// it reads is written there.
//
// Operators are handled in dominator-tree preorder of their join
// blocks, so an instruction can move on past a second operator of its
// statement after the first: in a[i] + b2i(p && q) + b2i(r && s),
// a[i] ends up after both. orderAsGC then orders the moved instructions
// in D with the calls there.

package bridge

import (
	"go/ast"
	"slices"

	"github.com/vssa-go/vssa/ir"
	"golang.org/x/tools/go/ssa"
)

// orderAfterLogical moves, for each && or || in value context of fn, the
// instructions of its statement that gc evaluates after it from the
// operator's first block to its join block (see the file comment).
// blocks maps fn's blocks to f's; phis are not lowered yet. varAddr is
// variableAddrs(f).
func orderAfterLogical(f *ir.Func, fn *ssa.Function, stmts *statements, blocks []*ir.Block, varAddr []bool) {
	if stmts == nil || len(stmts.logical) == 0 {
		return
	}
	for _, b := range fn.DomPreorder() {
		for _, in := range b.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break // phis come first
			}
			if phi.Comment != "&&" && phi.Comment != "||" {
				continue
			}
			op := stmts.logical[phi.Pos()]
			if op == nil || b.Idom() == nil {
				continue
			}
			start, done := b.Idom(), b
			var region []*ir.Block
			for _, rb := range logicalRegion(start, done) {
				region = append(region, blocks[rb.Index])
			}
			stmts.moveAfterLogical(f, blocks[start.Index], blocks[done.Index], region, op, varAddr)
		}
	}
}

// logicalRegion returns the blocks between a logical operator's first
// block start and its join block done: those reachable from start's
// successors without passing through done.
func logicalRegion(start, done *ssa.BasicBlock) []*ssa.BasicBlock {
	seen := map[*ssa.BasicBlock]bool{start: true, done: true}
	var region, stack []*ssa.BasicBlock
	stack = append(stack, start.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		region = append(region, b)
		stack = append(stack, b.Succs...)
	}
	return region
}

// moveAfterLogical moves the instructions of op's statement before op
// in start that gc evaluates after op to the beginning of done, or
// nothing (see the file comment). region holds the blocks between.
func (s *statements) moveAfterLogical(f *ir.Func, start, done *ir.Block, region []*ir.Block, op *ast.BinaryExpr, varAddr []bool) {
	stmt := s.of(op.OpPos)
	instrs := start.Instrs
	end := len(instrs)
	if end > 0 && instrs[end-1].Op.IsTerminator() {
		end--
	}
	// The operator's first instruction, and the statement's run before
	// it (positions in the statement, or movable ones without any).
	opStart := end
	for k := range end {
		if p := instrs[k].Pos; p >= op.Pos() && p < op.End() {
			opStart = k
			break
		}
	}
	first := opStart
	for first > 0 {
		in := instrs[first-1]
		if st := s.of(in.Pos); st != stmt && (st >= 0 || !movable(in)) {
			break
		}
		first--
	}
	run := instrs[first:opStart]
	if len(run) == 0 {
		return
	}
	def, ok := runDefs(run)
	if !ok {
		return
	}
	// root[k]: the alloc of the run that run[k] is or addresses into,
	// or -1.
	root := make([]int, len(run))
	for k, in := range run {
		root[k] = -1
		switch in.Op {
		case ir.OpAlloc:
			root[k] = k
		case ir.OpFieldAddr, ir.OpIndexAddr:
			if d, ok := def[in.Args()[0]]; ok {
				root[k] = root[d]
			}
		}
	}
	// stay[k]: gc evaluates run[k] before op: in order, a copied
	// operand, or between the parentheses of a call that is.
	stay := make([]bool, len(run))
	for k, in := range run {
		stay[k] = s.inOrder(f, in)
	}
	markCopiedInOrder(f, run, def, varAddr, stay)
	for k, in := range run {
		if rparen, ok := s.args[in.Pos]; ok && stay[k] && (in.Op == ir.OpCall || in.Op == ir.OpGo || in.Op == ir.OpDefer) {
			for j := range k {
				if run[j].Pos > in.Pos && run[j].Pos <= rparen {
					stay[j] = true
				}
			}
		}
	}
	for k, in := range run {
		switch {
		case stay[k] || in.Op.Has(ir.IsCheck):
		case in.Op == ir.OpStore:
			if d, ok := def[in.Args()[0]]; !ok || root[d] < 0 {
				return // a write to memory op may read
			}
		case !movable(in):
			return
		}
	}
	// What a moved instruction reads or writes must not be read or
	// written between its place and done.
	readBefore, writtenBefore := map[ir.Reg]bool{}, map[ir.Reg]bool{}
	note := func(in *ir.Instr) {
		for _, a := range in.Args() {
			readBefore[a] = true
		}
		for _, d := range in.Dsts() {
			writtenBefore[d] = true
		}
	}
	for _, in := range instrs[opStart:] {
		note(in)
	}
	for _, b := range region {
		for _, in := range b.Instrs {
			note(in)
		}
	}
	for k, in := range run {
		if stay[k] {
			continue
		}
		for _, d := range in.Dsts() {
			stay[k] = stay[k] || readBefore[d] || writtenBefore[d]
		}
		for _, a := range in.Args() {
			stay[k] = stay[k] || writtenBefore[a]
		}
	}
	// What stays keeps what it reads, a store the variable it fills, a
	// variable the stores into it, and a check the operation after it
	// (the bridge emits checks right before what they guard; the last
	// ones of the run guard op's own instructions). Until nothing
	// changes: a store comes after its variable.
	for changed := true; changed; {
		changed = false
		keep := func(k int) {
			if k >= 0 && !stay[k] {
				stay[k], changed = true, true
			}
		}
		for k := len(run) - 1; k >= 0; k-- {
			in := run[k]
			if in.Op.Has(ir.IsCheck) && (k+1 == len(run) || stay[k+1]) {
				keep(k)
			}
			if in.Op == ir.OpStore {
				if d, ok := def[in.Args()[0]]; ok && root[d] >= 0 {
					if stay[k] {
						keep(root[d])
					} else if stay[root[d]] {
						keep(k)
					}
				}
			}
			if stay[k] {
				for _, a := range in.Args() {
					if d, ok := def[a]; ok {
						keep(d)
					}
				}
			}
		}
	}
	var moved, kept []*ir.Instr
	for k, in := range run {
		if stay[k] {
			kept = append(kept, in)
		} else {
			moved = append(moved, in)
		}
	}
	if len(moved) == 0 {
		return
	}
	// Nor may what stays after a moved instruction write what it reads.
	for k, in := range run {
		if stay[k] {
			continue
		}
		for j := k + 1; j < len(run); j++ {
			if !stay[j] {
				continue
			}
			for _, d := range run[j].Dsts() {
				if slices.Contains(in.Args(), d) {
					return
				}
			}
		}
	}
	rest := append(kept, instrs[opStart:]...)
	start.Instrs = append(instrs[:first:first], rest...)
	done.Instrs = append(moved, done.Instrs...)
}
