// This file puts the instructions of each statement in the order gc
// evaluates them. The spec fixes the order of a statement's calls,
// method calls, receives and logical operators only; go/ssa evaluates
// everything left to right, while gc's order pass
// (cmd/compile/internal/walk/order.go) first evaluates the calls, each
// with the operands it needs, into temporaries, and then the rest of the
// statement. A variable that a call of the statement changes is read
// afterwards: with f incrementing the global a, gc prints [2 2] for
// []int{a, f()} and 4 for a + f(), go/ssa's order [1 2] and 3. The
// standards ask for gc's behaviour where the spec leaves room.
//
// gc, measured (testdata/run/evalorder.go and logicalorder.go hold
// the cases, and internal/progen's order functions test them at
// random; assignorder.go puts an assignment's left side after its
// right side): read after the statement's calls are variables, their
// fields and elements, map elements, dereferences, receivers of method
// calls, the index and pointer of an assignment's left side, operands
// of arithmetic, comparisons, conversions and concatenations; evaluated
// in order with the calls (inOrder) are the calls' own operands, len
// and cap as the source calls them (not the lengths of index checks),
// type assertions to a type an interface does not hold as it is,
// receives, the make functions, slice expressions, conversions of
// a string to a slice, and && and || operators (logicalorder.go), as
// order.go copies each into a temporary where it reaches it. So within
// one statement of a block, the in-order instructions and what they
// read (their operands, transitively, with the checks that guard those
// and the stores that fill a fresh variable they read, and for a call
// all that go/ssa evaluates between its parentheses, such as the load
// that checks p in f(&*p)) keep their order and come first; everything
// else keeps its order and comes after.
//
// A value converted to an interface through its address
// (convertsByAddress), or an array or struct compared, is evaluated in
// order too when gc copies it where it stands (markCopiedInOrder):
// anything but a global, a field, an element or a pointer's target (a
// variable of the function, a composite literal, a map element, a
// computed value). gc reads a variable of the function late after all
// when escape analysis moved it to the heap (it then reaches it
// through a pointer); vssa, which cannot know that verdict, follows
// the variable that stays in the frame.
//
// A statement's instructions are those whose positions lie in it and no
// inner statement, with the movable position-less ones between them. A
// statement is left as it is when reordering could change more than
// gc's choice: when a write to memory that is not fresh (or a map
// update, a send, an iterator step…) comes before one of its calls, or
// a register is defined twice in it.

package bridge

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/vssa-go/vssa/ir"
	"golang.org/x/tools/go/ssa"
)

// statements maps positions of a function's body to its innermost
// statement.
type statements struct {
	stmts  []ast.Stmt              // in source order (by Pos)
	parent []int                   // index of the enclosing statement, -1 for none
	args   map[token.Pos]token.Pos // a call's Lparen → its Rparen

	// logical holds the && and || expressions by operator position,
	// which go/ssa gives their phis (logicalorder.go).
	logical map[token.Pos]*ast.BinaryExpr

	sliceExprs map[token.Pos]bool // the Lbrack of each slice expression
	indexExprs map[token.Pos]bool // the Lbrack of each index expression
}

// functionStatements returns the statements of fn's body (nil without
// syntax); those of closures inside belong to their own functions.
func functionStatements(fn *ssa.Function) *statements {
	syntax := fn.Syntax()
	if syntax == nil {
		return nil
	}
	s := &statements{args: map[token.Pos]token.Pos{}, logical: map[token.Pos]*ast.BinaryExpr{}, sliceExprs: map[token.Pos]bool{}, indexExprs: map[token.Pos]bool{}}
	var stack []int
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if lit, ok := n.(*ast.FuncLit); ok && lit != syntax {
			return false
		}
		switch e := n.(type) {
		case *ast.CallExpr:
			s.args[e.Lparen] = e.Rparen
		case *ast.BinaryExpr:
			if e.Op == token.LAND || e.Op == token.LOR {
				s.logical[e.OpPos] = e
			}
		case *ast.SliceExpr:
			s.sliceExprs[e.Lbrack] = true
		case *ast.IndexExpr:
			s.indexExprs[e.Lbrack] = true
		}
		st, ok := n.(ast.Stmt)
		if !ok {
			stack = append(stack, -1) // not a statement: popped alike
			return true
		}
		parent := -1
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i] >= 0 {
				parent = stack[i]
				break
			}
		}
		s.stmts = append(s.stmts, st)
		s.parent = append(s.parent, parent)
		stack = append(stack, len(s.stmts)-1)
		return true
	})
	return s
}

// of returns the innermost statement containing pos, or -1.
func (s *statements) of(pos token.Pos) int {
	if s == nil || !pos.IsValid() {
		return -1
	}
	// The last statement starting at or before pos, then up to the
	// first that has not ended (statements nest).
	k := sort.Search(len(s.stmts), func(i int) bool { return s.stmts[i].Pos() > pos }) - 1
	for k >= 0 && s.stmts[k].End() <= pos {
		k = s.parent[k]
	}
	return k
}

// inOrder reports whether gc evaluates in where its order pass reaches
// it, with the calls of its statement, rather than after them: calls
// and receives, len and cap (those the source calls, not those the
// bridge reads for an index's check, at its bracket), the make
// functions, type assertions to a type an interface does not hold as it
// is (directIface), slice expressions and conversions of a string to a
// slice (order.go copies each into a temporary).
func (s *statements) inOrder(f *ir.Func, in *ir.Instr) bool {
	switch in.Op {
	case ir.OpCall, ir.OpGo, ir.OpDefer, ir.OpRecv, ir.OpSelect,
		ir.OpMakeSlice, ir.OpMakeMap, ir.OpMakeChan:
		return true
	case ir.OpLen, ir.OpCap:
		return !s.indexExprs[in.Pos]
	case ir.OpTypeAssert:
		return len(in.Dsts()) == 2 || !directIface(f.TypeOf(in.Dsts()[0]))
	case ir.OpSlice:
		return s.sliceExprs[in.Pos] // not the slice of a variadic call's arguments
	case ir.OpConvert:
		_, toSlice := f.TypeOf(in.Dsts()[0]).Underlying().(*types.Slice)
		from, _ := f.TypeOf(in.Args()[0]).Underlying().(*types.Basic)
		return toSlice && from != nil && from.Info()&types.IsString != 0
	}
	return false
}

// movable reports whether in may be evaluated after the calls of its
// statement: it reads, computes, checks, or writes only memory the
// statement allocated (a store's address is checked apart). (A len or
// cap is asked only of those inOrder leaves, of an index's operand.)
func movable(in *ir.Instr) bool {
	switch in.Op {
	case ir.OpLen, ir.OpCap:
		return true
	case ir.OpConst, ir.OpGlobal, ir.OpFunc, ir.OpCopy, ir.OpTypeAssert,
		ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot,
		ir.OpShl, ir.OpShr, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe, ir.OpNeg, ir.OpNot, ir.OpCompl,
		ir.OpConvert, ir.OpChangeType, ir.OpChangeInterface, ir.OpMakeInterface, ir.OpSliceToArrayPtr,
		ir.OpAlloc, ir.OpLoad, ir.OpStore, ir.OpFieldAddr, ir.OpField, ir.OpIndexAddr, ir.OpIndex, ir.OpSlice,
		ir.OpMakeClosure, ir.OpLookup,
		ir.OpNilCheck, ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpDivCheck, ir.OpShiftCheck, ir.OpLenCheck:
		return true
	}
	return false
}

// orderAsGC reorders the instructions of every statement of f's blocks
// as gc evaluates them (see the file comment). Terminators stay last.
// varAddr is variableAddrs(f).
func orderAsGC(f *ir.Func, stmts *statements, varAddr []bool) {
	if stmts == nil {
		return
	}
	for _, b := range f.Blocks {
		instrs := b.Instrs
		end := len(instrs)
		if end > 0 && instrs[end-1].Op.IsTerminator() {
			end--
		}
		for i := 0; i < end; {
			j, stmt := i, -1
			// The statement's run: positions in it, or none (an
			// instruction without a position that is not movable ends
			// it; a store without one stays put unless it fills a fresh
			// variable, see reorderRun).
			for ; j < end; j++ {
				in := instrs[j]
				s := stmts.of(in.Pos)
				if s < 0 {
					if !movable(in) {
						break
					}
					continue
				}
				if stmt < 0 {
					stmt = s
				} else if s != stmt {
					break
				}
			}
			if j == i {
				j++ // a barrier alone
			}
			if stmt >= 0 {
				if lhs := assignLeft(stmts.stmts[stmt]); lhs != nil {
					stmts.leftAfterRight(f, instrs[i:j], lhs)
				}
				stmts.reorderRun(f, instrs[i:j], varAddr, compoundTarget(stmts.stmts[stmt]))
			}
			i = j
		}
	}
}

// variableAddrs returns, by register of f, whether it holds the address
// of a variable of the function itself (an alloc, or a variable a
// closure captured), which gc names directly, not a field, element,
// global or other pointer.
func variableAddrs(f *ir.Func) []bool {
	varAddr := make([]bool, f.NumRegs())
	for _, r := range f.FreeVars {
		varAddr[r] = true
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpAlloc {
				varAddr[in.Dsts()[0]] = true
			}
		}
	}
	return varAddr
}

// compoundTarget returns the left side of a compound assignment (x op=
// y), or nil.
func compoundTarget(st ast.Stmt) ast.Expr {
	if as, ok := st.(*ast.AssignStmt); ok && as.Tok != token.ASSIGN && as.Tok != token.DEFINE && len(as.Lhs) == 1 {
		return as.Lhs[0]
	}
	return nil
}

// reorderRun puts the instructions of one statement of f in gc's
// order, in place, or leaves them if that could change more than gc's
// choice. For a compound assignment x op= y, target is x: gc evaluates
// it as x = x op y, reading x (with the checks of its index or pointer)
// after the calls of y but before the rest of y; go/ssa reads it after
// all of y. So its read goes with the calls.
func (s *statements) reorderRun(f *ir.Func, run []*ir.Instr, varAddr []bool, target ast.Expr) {
	read := -1 // the read of a compound assignment's target: the last load in it
	if target != nil {
		for k, in := range run {
			if in.Op == ir.OpLoad && in.Pos >= target.Pos() && in.Pos < target.End() {
				read = k
			}
		}
	}
	inOrder := func(in *ir.Instr) bool { return s.inOrder(f, in) }
	if read < 0 && !slices.ContainsFunc(run, inOrder) {
		return
	}
	def, ok := runDefs(run)
	if !ok {
		return
	}
	// fresh[k]: run[k] is an alloc, or an address into one of the run's
	// allocs (field and element addresses of one).
	fresh := make([]bool, len(run))
	root := make([]int, len(run)) // the alloc an address is into
	for k, in := range run {
		root[k] = -1
		switch in.Op {
		case ir.OpAlloc:
			fresh[k], root[k] = true, k
		case ir.OpFieldAddr, ir.OpIndexAddr:
			if d, ok := def[in.Args()[0]]; ok && fresh[d] {
				fresh[k], root[k] = true, root[d]
			}
		}
	}
	calls := make([]bool, len(run))
	if read >= 0 {
		calls[read] = true
	}
	for k, in := range run {
		calls[k] = calls[k] || inOrder(in)
	}
	markCopiedInOrder(f, run, def, varAddr, calls)
	lastCall := -1
	for k := range run {
		if calls[k] {
			lastCall = k
		}
	}
	// The stores into each fresh variable, by its alloc.
	stores := map[int][]int{}
	for k, in := range run {
		if in.Op == ir.OpStore {
			if d, ok := def[in.Args()[0]]; ok && fresh[d] {
				stores[root[d]] = append(stores[root[d]], k)
			}
		}
	}
	// Before the last call, only what may move or calls.
	for k, in := range run[:lastCall] {
		if calls[k] {
			continue
		}
		if !movable(in) {
			return
		}
		if in.Op == ir.OpStore {
			if d, ok := def[in.Args()[0]]; !ok || !fresh[d] {
				return // a write to memory a call may read
			}
		}
	}
	// The calls in their order, each right after what it needs that is
	// not out yet (its operands, transitively; the checks guarding them;
	// the stores into a fresh variable it reads), then the rest in its
	// order.
	out := make([]*ir.Instr, 0, len(run))
	done := make([]bool, len(run))
	var emit func(k int)
	emit = func(k int) {
		if done[k] {
			return
		}
		done[k] = true
		for _, a := range run[k].Args() {
			d, ok := def[a]
			if !ok {
				continue
			}
			emit(d)
			if fresh[d] {
				for _, l := range stores[root[d]] {
					if l < k {
						emit(l)
					}
				}
			}
		}
		// The bridge emits the checks of an operation right before it,
		// and so they stay (their operands are the operation's).
		first := k
		for first > 0 && run[first-1].Op.Has(ir.IsCheck) && !done[first-1] {
			first--
		}
		for c := first; c < k; c++ {
			emit(c)
		}
		out = append(out, run[k])
	}
	for k, in := range run {
		if !calls[k] {
			continue
		}
		// What go/ssa evaluates for the call's operands is evaluated
		// with it, even what the call does not read: the load that
		// checks p in f(&*p) reads nothing f gets.
		if rparen, ok := s.args[in.Pos]; ok && (in.Op == ir.OpCall || in.Op == ir.OpGo || in.Op == ir.OpDefer) {
			for j := range k {
				if run[j].Pos > in.Pos && run[j].Pos <= rparen {
					emit(j)
				}
			}
		}
		emit(k)
	}
	for k, in := range run {
		if !done[k] {
			out = append(out, in)
		}
	}
	copy(run, out)
}

// runDefs maps each register the instructions of run define to the
// index of its definition, or reports false when one is defined twice
// (the reorderings then leave the run as it is).
func runDefs(run []*ir.Instr) (map[ir.Reg]int, bool) {
	def := map[ir.Reg]int{}
	for k, in := range run {
		for _, d := range in.Dsts() {
			if _, twice := def[d]; twice {
				return nil, false
			}
			def[d] = k
		}
	}
	return def, true
}

// markCopiedInOrder sets copied[d] for the instructions run[d] whose
// values gc copies into a temporary where its order pass reaches them,
// in order with the calls (order.go's addrTemp): the operand of a
// conversion to an interface that passes its address to the runtime
// (convertsByAddress) and the operands of a comparison of arrays or
// structs, unless addressable as they stand (a global, a field, an
// element, a pointer's target), that is, a variable of the function, a
// composite literal, a map element or a computed value. go/ssa converts
// where it builds a variadic slice, later than gc: the operand's own
// instruction, where it is complete, stands for the copy. def gives
// the index in run of each register run defines.
func markCopiedInOrder(f *ir.Func, run []*ir.Instr, def map[ir.Reg]int, varAddr []bool, copied []bool) {
	for _, in := range run {
		var ops []ir.Reg
		switch in.Op {
		case ir.OpMakeInterface:
			if convertsByAddress(f.TypeOf(in.Args()[0])) {
				ops = in.Args()
			}
		case ir.OpEq, ir.OpNe:
			switch f.TypeOf(in.Args()[0]).Underlying().(type) {
			case *types.Array, *types.Struct:
				ops = in.Args()
			}
		}
		for _, a := range ops {
			d, ok := def[a]
			if !ok {
				continue
			}
			if addressable := run[d].Op == ir.OpLoad && !varAddr[run[d].Args()[0]]; !addressable {
				copied[d] = true
			}
		}
	}
}

// convertsByAddress reports whether gc converts a value of type t to an
// interface by passing its address to the runtime (convT, convTnoptr),
// rather than its value (convT16, convT32, convT64, convTstring,
// convTslice) or itself (pointer-shaped types): cmd/compile's
// dataWordFuncName.
func convertsByAddress(t types.Type) bool {
	if directIface(t) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.String {
			return false
		}
	case *types.Slice:
		return false
	}
	if hasTypeParam(t) {
		return true // a generic body's (bridge.ForAnalysis): no one size
	}
	size, align := gcSizes.Sizeof(t), gcSizes.Alignof(t)
	switch {
	case size == 2 && align == 2,
		size == 4 && align == 4 && !ir.HasPointers(t),
		size == 8 && align == 8 && !ir.HasPointers(t):
		return false
	}
	return true
}

// directIface reports whether a value of type t is stored in an
// interface as it is (pointer-shaped: a pointer, map, channel, func or
// unsafe.Pointer, or an array or struct of one such element).
func directIface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() == 1 && directIface(u.Elem())
	case *types.Struct:
		return u.NumFields() == 1 && directIface(u.Field(0).Type())
	}
	return false
}
