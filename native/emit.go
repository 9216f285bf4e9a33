// This file writes the allocated, validated code as Go assembly for
// amd64 (ABI0): arguments and results at name+off(FP), the frame
// pointer kept (the assembler saves BP for a function with a frame, and
// no instruction here writes it), every instruction reading and writing
// the locations the validated allocation gives it. Its scratch registers
// are R11 and X15, which the allocator never hands out.
//
// The frame, from SP up: the outgoing arguments of the calls (the panic
// helpers' two words, the poll's pointers and their copies back, the
// compiled callees' arguments and results), the polls' save area (a
// word for each general register some poll saves, 16 bytes for each SSE
// register), the spill slots (8 bytes for a general register's value, 16
// for an SSE register's, moved whole with MOVOU: it may be a vector),
// the local variables, and last the 16-byte word that breaks cycles of
// parallel moves, only when a move needs it (frame.go). A frame that
// only the poll and panic helpers' calls use is made around those calls
// alone (framecalls.go).

package native

import (
	"bytes"
	"fmt"
	"math/bits"
	"strings"

	"github.com/vssa-go/vssa/validate"
)

// Helpers names the Go functions the assembly calls: the panics of the
// checks that remain, and the preemption poll.
type Helpers struct {
	PanicIndex, PanicIndexU, PanicDivide, PanicShift, Poll string
	// PanicSlice prefixes the slice checks' helpers (sliceHelper).
	PanicSlice string
	// AVX2 is the bool variable that says whether the CPU has AVX2,
	// set by the assembly function HasAVX2 (hasAVX2Asm).
	AVX2, HasAVX2 string
	// POPCNT says whether the CPU has POPCNT, set by HasPOPCNT.
	POPCNT, HasPOPCNT string
	// Data holds the read-only constants the code refers to.
	Data *DataSet
}

// slotSize is the size of a stack slot: an SSE register's, whose
// values may be vectors.
const slotSize = 16

// MaxPollPointers is how many pointers may be live across a poll: the
// poll helper takes and returns that many.
const MaxPollPointers = 8

var gpNames = [16]string{"AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

type emitter struct {
	a     *Allocation
	f     *Func
	h     Helpers
	w     bytes.Buffer
	stubs bytes.Buffer
	label int
	// frame layout (frame.go)
	outSize, swapOff, frame int64
	saveOff                 map[validate.Loc]int64 // each register the polls save: its offset from SP
	slotOff                 []int64                // each spill slot's offset from SP
	localOff                []int64                // each local variable's offset from SP
	swapUsed                bool                   // a parallel move went through the swap word
	frameless               bool                   // the frame is made only around the calls (framecalls.go)
	consts                  map[Value]int64        // the integer constants' values (constvectors.go)
	broadcastOnly           map[Value]bool         // constants only broadcasts read, never put in a register
	fallLabels              map[string]bool        // the labels only the code just before reaches (flagsreuse.go)
	calls                   bool
	swapClass               Class // of what the swap slot holds
	unextended              map[*Instr]bool
	// prev is the instruction emitted last in the block, the
	// allocator's moves and the instructions that keep the flags aside
	// (keepsFlags): a carry out reads the flags of the addition before
	// it.
	prev *Instr
	// flagsOnly holds the carries kept in the flags (carries.go): no
	// register holds them.
	flagsOnly map[Value]bool
	// last is the instruction emitted last in the block and lastDst
	// its result's register; axWritten, whether a move wrote AX since:
	// a low product reads AX as the high one's MULQ left it.
	last      *Instr
	lastDst   validate.Loc
	axWritten bool
}

// Emit returns the TEXT block of the allocated function, named name
// (with the package's middle dot).
func Emit(a *Allocation, name string, h Helpers) (string, error) {
	e := &emitter{a: a, f: a.Func, h: h, unextended: unextended(a.Func), flagsOnly: map[Value]bool{}}
	for _, in := range a.Code {
		if in.Op == OpIntrinsic && in.Intr == IntrCarryOut && in.CarryIn {
			e.flagsOnly[in.Dst] = true
		}
		switch in.Op {
		case OpBounds, OpDivZero, OpShiftNeg, OpSliceBound:
			e.outSize = max(e.outSize, 16)
			e.calls = true
		case OpPoll:
			e.outSize = max(e.outSize, 16*MaxPollPointers)
			e.calls = true
		case OpCall:
			e.outSize = max(e.outSize, align(in.Off, 8))
			e.calls = true
		}
	}
	e.layout()
	if err := e.body(); err != nil {
		return "", err
	}
	var out strings.Builder
	flags := e.finishFrame()
	body, stubs := e.w.String(), e.stubs.String()
	body, stubs = e.placeFrame(body), e.placeFrame(stubs)
	fmt.Fprintf(&out, "TEXT ·%s(SB), %s$%d-%d\n", name, flags, e.textFrame(), a.Func.ArgSize)
	var ptrData string
	switch {
	case e.f.PointerLocal != 0:
		var funcdata string
		funcdata, ptrData = e.pointerMap(name)
		out.WriteString(funcdata)
	case e.calls:
		out.WriteString("\tNO_LOCAL_POINTERS\n")
	}
	out.WriteString(body)
	out.WriteString(stubs)
	out.WriteString(ptrData)
	if err := checkR15(out.String()); err != nil {
		return "", err
	}
	return out.String(), nil
}

func (e *emitter) ins(format string, args ...any) {
	fmt.Fprintf(&e.w, "\t"+format+"\n", args...)
}

func (e *emitter) newLabel(kind string) string {
	e.label++
	return fmt.Sprintf("%s%d", kind, e.label)
}

// reg returns the name of register l, which must be one of class c.
func (e *emitter) reg(l validate.Loc, c Class) string {
	if l < 0 || l >= firstSlot || regClass(l) != c {
		panic(fmt.Sprintf("native: location %d is not a register of class %d", l, c))
	}
	if c == FP {
		return fmt.Sprintf("X%d", l-locX0)
	}
	return gpNames[l]
}

func (e *emitter) slot(l validate.Loc) string {
	if l == swapLoc {
		e.swapUsed = true
		return fmt.Sprintf("%d(SP)", e.swapOff)
	}
	return fmt.Sprintf("%d(SP)", e.slotOff[l-firstSlot])
}

// laneCount is the count of a vector shift by a constant: the
// constant, or the lane's width in bits for a larger one, which shifts
// every bit out as the larger one does.
func laneCount(in *Instr) uint64 {
	return min(uint64(in.Imm), uint64(8*in.Width))
}

// swapLoc names the swap word in parallel moves.
const swapLoc validate.Loc = 1 << 20

func (e *emitter) classOf(l validate.Loc) Class {
	switch {
	case l == swapLoc:
		return e.swapClass
	case l >= firstSlot:
		return e.a.SlotClass[l-firstSlot]
	}
	return regClass(l)
}

// move copies location src to dst (either may be a register or a slot;
// R11 carries a slot-to-slot copy).
func (e *emitter) move(src, dst validate.Loc) {
	if src == dst {
		return
	}
	sc, dc := e.classOf(src), e.classOf(dst)
	srcSlot, dstSlot := src >= firstSlot, dst >= firstSlot
	switch {
	case srcSlot && dstSlot && sc == FP:
		e.ins("MOVOU %s, X15", e.slot(src))
		e.ins("MOVOU X15, %s", e.slot(dst))
	case srcSlot && dstSlot:
		e.ins("MOVQ %s, R11", e.slot(src))
		e.ins("MOVQ R11, %s", e.slot(dst))
	case srcSlot:
		if dc == FP {
			e.ins("MOVOU %s, %s", e.slot(src), e.reg(dst, FP))
		} else {
			e.ins("MOVQ %s, %s", e.slot(src), e.reg(dst, GP))
		}
	case dstSlot:
		if sc == FP {
			e.ins("MOVOU %s, %s", e.reg(src, FP), e.slot(dst))
		} else {
			e.ins("MOVQ %s, %s", e.reg(src, GP), e.slot(dst))
		}
	case sc != dc:
		panic("native: a move between register classes")
	case sc == FP:
		e.ins("MOVAPS %s, %s", e.reg(src, FP), e.reg(dst, FP))
	default:
		e.ins("MOVQ %s, %s", e.reg(src, GP), e.reg(dst, GP))
	}
}

// parallelMove performs moves as if all sources were read first: a move
// whose destination no other move still reads goes first; a cycle is
// broken by saving one source in the swap word.
func (e *emitter) parallelMove(ms []validate.Move) {
	pending := append([]validate.Move(nil), ms...)
	for len(pending) > 0 {
		progress := false
		for i := 0; i < len(pending); i++ {
			m := pending[i]
			read := false
			for j, o := range pending {
				if j != i && o.Src == m.Dst {
					read = true
				}
			}
			if !read {
				e.move(m.Src, m.Dst)
				pending = append(pending[:i], pending[i+1:]...)
				i--
				progress = true
			}
		}
		if !progress {
			// Every destination is still read: a cycle. Two general
			// registers exchange: the move is done, and whoever read
			// its destination now reads its source.
			m := pending[0]
			if m.Src < firstSlot && m.Dst < firstSlot && regClass(m.Src) == GP && regClass(m.Dst) == GP {
				e.ins("XCHGQ %s, %s", e.reg(m.Src, GP), e.reg(m.Dst, GP))
				pending = pending[1:]
				for i := range pending {
					if pending[i].Src == m.Dst {
						pending[i].Src = m.Src
					}
				}
				continue
			}
			// Else save one source.
			s := m.Src
			e.swapClass = e.classOf(s)
			e.move(s, swapLoc)
			for i := range pending {
				if pending[i].Src == s {
					pending[i].Src = swapLoc
				}
			}
		}
	}
}

// trivial reports whether block b does nothing but jump: no moves,
// none on its edge. Branches to it go straight to its target, and it
// is not emitted.
func (e *emitter) trivial(b *Block) bool {
	mb := &e.a.After.Blocks[b.Index]
	if b.Index == 0 || len(mb.Instrs) != 1 || mb.Instrs[0].Ref < 0 || e.a.Code[mb.Instrs[0].Ref].Op != OpJump {
		return false
	}
	for _, ms := range mb.EdgeMoves {
		if len(ms) > 0 {
			return false
		}
	}
	return true
}

// target returns the block a jump to b reaches first that does
// something.
func (e *emitter) target(b int) int {
	for n := 0; n < len(e.f.Blocks) && e.trivial(e.f.Blocks[b]); n++ {
		b = e.f.Blocks[b].Succs[0]
	}
	return b
}

func (e *emitter) body() error {
	f := e.f
	var order []*Block
	for _, b := range layout(f) {
		if !e.trivial(b) {
			order = append(order, b)
		}
	}
	aligned := loopTops(order, e.target)
	e.fallLabels = fallthroughLabels(order, e.target)
	for i, b := range order {
		next := -1
		if i+1 < len(order) {
			next = order[i+1].Index
		}
		if aligned[b.Index] {
			e.ins("PCALIGN $64")
		}
		fmt.Fprintf(&e.w, "b%d:\n", b.Index)
		e.prev, e.last = nil, nil
		mb := &e.a.After.Blocks[b.Index]
		for _, mi := range mb.Instrs {
			if mi.Ref < 0 {
				e.move(mi.Move.Src, mi.Move.Dst)
				if mi.Move.Dst == locAX {
					e.axWritten = true
				}
				continue
			}
			in := e.a.Code[mi.Ref]
			uses := make([]validate.Loc, len(mi.Uses))
			for k, u := range mi.Uses {
				uses[k] = u.L
			}
			dst := validate.NoLoc
			if len(mi.Defs) == 1 {
				dst = mi.Defs[0].L
			}
			if in.Op == OpJump {
				if len(mb.EdgeMoves) > 0 {
					e.parallelMove(mb.EdgeMoves[0])
				}
				if t := e.target(b.Succs[0]); t != next {
					e.ins("JMP b%d", t)
				}
				continue
			}
			if in == b.Instrs[len(b.Instrs)-1] {
				for _, ms := range mb.EdgeMoves {
					if len(ms) > 0 {
						return fmt.Errorf("internal error: moves on an edge from a block that branches")
					}
				}
			}
			if err := e.instr(b, in, uses, dst, next); err != nil {
				return err
			}
			if !keepsFlags(in) {
				e.prev = in
			}
			e.last, e.lastDst, e.axWritten = in, dst, false
		}
	}
	return nil
}

// loopTops returns the blocks to align to 64 bytes (gc aligns its loops
// to 32): the top of each loop in the emission order (a block some later
// block, or itself, branches back to) that the block before it does not
// fall into, so that the padding before it is never executed (padding
// in a loop's path costs more than alignment gains). target resolves a
// successor through the blocks the emitter leaves out.
//
// 64, not 32: a loop of up to 64 bytes then never straddles a 64-byte
// line. Aligned to 32, CountPresent's 49-byte binary search loop
// straddled one or not depending on where the linker put the function
// (the assembler raises a function's alignment to its largest PCALIGN),
// and ran at 0.86-1.00x gc with the same code; aligned to 64, 1.02x, the
// other kernels as fast (whole suite, n=10, one run).
func loopTops(order []*Block, target func(int) int) map[int]bool {
	at := map[int]int{}
	for i, b := range order {
		at[b.Index] = i
	}
	tops := map[int]bool{}
	for i, b := range order {
		for _, s := range b.Succs {
			if j, ok := at[target(s)]; ok && j <= i && j > 0 {
				tops[order[j].Index] = true
			}
		}
	}
	for j, b := range order {
		if !tops[b.Index] {
			continue
		}
		for _, s := range order[j-1].Succs {
			if target(s) == b.Index {
				delete(tops, b.Index) // reached by falling through
			}
		}
	}
	return tops
}

// jcc returns the jump mnemonic of cond, for signed or unsigned
// integers.
func jcc(c Cond, signed bool) string {
	if signed {
		return [...]string{"JEQ", "JNE", "JLT", "JLE", "JGT", "JGE"}[c]
	}
	return [...]string{"JEQ", "JNE", "JCS", "JLS", "JHI", "JCC"}[c]
}

func negate(c Cond) Cond {
	return [...]Cond{CondNe, CondEq, CondGe, CondGt, CondLe, CondLt}[c]
}

// ext extends in's result in reg back to its width, unless every use
// reads only its low bits (narrow.go).
func (e *emitter) ext(in *Instr, reg string) {
	if !e.unextended[in] {
		e.extend(reg, in.Width, in.Signed)
	}
}

// extend writes the instruction that brings reg back to the canonical
// form of width and signedness (nothing for 64 bits).
func (e *emitter) extend(reg string, width int, signed bool) {
	switch {
	case width == 1 && signed:
		e.ins("MOVBQSX %s, %s", reg, reg)
	case width == 1:
		e.ins("MOVBQZX %s, %s", reg, reg)
	case width == 2 && signed:
		e.ins("MOVWQSX %s, %s", reg, reg)
	case width == 2:
		e.ins("MOVWQZX %s, %s", reg, reg)
	case width == 4 && signed:
		e.ins("MOVLQSX %s, %s", reg, reg)
	case width == 4:
		e.ins("MOVL %s, %s", reg, reg)
	}
}

// loadMnemonic is the instruction that loads an integer of width into a
// 64-bit register in canonical form.
func loadMnemonic(width int, signed bool) string {
	switch {
	case width == 1 && signed:
		return "MOVBQSX"
	case width == 1:
		return "MOVBQZX"
	case width == 2 && signed:
		return "MOVWQSX"
	case width == 2:
		return "MOVWQZX"
	case width == 4 && signed:
		return "MOVLQSX"
	case width == 4:
		return "MOVL"
	}
	return "MOVQ"
}

func storeMnemonic(width int) string {
	return map[int]string{1: "MOVB", 2: "MOVW", 4: "MOVL", 8: "MOVQ"}[width]
}

// mem formats address m, its registers at the given locations.
func (e *emitter) mem(m Mem, locs []validate.Loc) string {
	if m.Local != 0 {
		if m.Base != NoValue {
			panic("native: a local variable's address with a base register")
		}
		s := fmt.Sprintf("%d(SP)", e.localOff[m.Local-1]+m.Disp)
		if m.Index != NoValue {
			s += fmt.Sprintf("(%s*%d)", e.reg(locs[0], GP), m.Scale)
		}
		return s
	}
	if m.Sym != "" {
		if m.Base != NoValue || m.Index != NoValue {
			panic("native: a symbol's address with registers")
		}
		if m.Disp != 0 {
			return fmt.Sprintf("%s+%d(SB)", m.Sym, m.Disp)
		}
		return m.Sym + "(SB)"
	}
	var sb strings.Builder
	k := 0
	if m.Disp != 0 {
		fmt.Fprintf(&sb, "%d", m.Disp)
	}
	if m.Base != NoValue {
		fmt.Fprintf(&sb, "(%s)", e.reg(locs[k], GP))
		k++
	}
	if m.Index != NoValue {
		fmt.Fprintf(&sb, "(%s*%d)", e.reg(locs[k], GP), m.Scale)
	}
	return sb.String()
}

func floatSuffix(width int) string {
	if width == 4 {
		return "SS"
	}
	return "SD"
}

// stub writes the out-of-line call of a panic helper with the given
// argument registers and returns its label.
func (e *emitter) stub(helper string, args ...string) string {
	l := e.newLabel("panic")
	fmt.Fprintf(&e.stubs, "%s:\n%s", l, adjspDown)
	for i, a := range args {
		fmt.Fprintf(&e.stubs, "\tMOVQ %s, %d(SP)\n", a, 8*i)
	}
	// The helper panics; the return address must still be in the
	// function for the traceback.
	fmt.Fprintf(&e.stubs, "\tCALL ·%s(SB)\n\tUNDEF\n%s", helper, adjspUp)
	return l
}

func (e *emitter) instr(b *Block, in *Instr, uses []validate.Loc, dst validate.Loc, next int) error {
	gp := func(k int) string { return e.reg(uses[k], GP) }
	fp := func(k int) string { return e.reg(uses[k], FP) }
	if in.Op.vector() && in.Vec == 32 {
		e.avx2(in, uses, dst)
		return nil
	}
	switch in.Op {
	case OpArg:
		if in.Float {
			e.ins("MOV%s %s+%d(FP), %s", floatSuffix(in.Width), in.Sym, in.Off, e.reg(dst, FP))
		} else {
			e.ins("%s %s+%d(FP), %s", loadMnemonic(in.Width, in.Signed), in.Sym, in.Off, e.reg(dst, GP))
		}
	case OpConst:
		if in.Float {
			d := e.reg(dst, FP)
			if in.Imm == 0 {
				e.ins("XORPS %s, %s", d, d)
			} else {
				e.ins("MOVQ $%d, R11", in.Imm)
				e.ins("MOVQ R11, %s", d)
			}
		} else if e.findConsts(); !e.broadcastOnly[in.Dst] {
			e.ins("MOVQ $%d, %s", in.Imm, e.reg(dst, GP))
		}
	case OpBin:
		if in.Float {
			e.floatBin(in, fp(0), fp(1), e.reg(dst, FP))
			return nil
		}
		e.intBin(in, uses, dst)
	case OpUnary:
		if in.Float {
			d := e.reg(dst, FP)
			sign := uint64(1) << 63
			if in.Width == 4 {
				sign = 1 << 31
			}
			e.ins("MOVQ $%d, R11", int64(sign))
			e.ins("MOVQ R11, X15")
			if d != fp(0) {
				e.ins("MOVAPS %s, %s", fp(0), d)
			}
			e.ins("XORPS X15, %s", d)
			return nil
		}
		d := e.reg(dst, GP)
		if d != gp(0) {
			e.ins("MOVQ %s, %s", gp(0), d)
		}
		switch in.Bin {
		case BinNeg:
			e.ins("NEGQ %s", d)
		case BinCompl:
			e.ins("NOTQ %s", d)
		case BinNot:
			e.ins("XORQ $1, %s", d)
			return nil
		}
		e.ext(in, d)
	case OpShift:
		e.shift(in, uses, dst)
	case OpDiv:
		e.div(in, uses, dst)
	case OpCmp:
		e.compare(in, uses)
		d := e.reg(dst, GP)
		if in.Float {
			e.floatSet(in.Cond, d)
			return nil
		}
		e.ins("SET%s R11", jcc(in.Cond, in.Signed)[1:])
		e.ins("MOVBQZX R11, %s", d)
	case OpExt:
		d := e.reg(dst, GP)
		if in.Width == 8 || e.unextended[in] {
			if d != gp(0) {
				e.ins("MOVQ %s, %s", gp(0), d)
			}
			return nil
		}
		// One instruction from the source register to the destination.
		e.ins("%s %s, %s", loadMnemonic(in.Width, in.Signed), gp(0), d)
	case OpCvt:
		e.convert(in, uses, dst)
	case OpLoad:
		m := e.mem(in.Mem, uses)
		if in.Float {
			e.ins("MOV%s %s, %s", floatSuffix(in.Width), m, e.reg(dst, FP))
		} else {
			e.ins("%s %s, %s", loadMnemonic(in.Width, in.Signed), m, e.reg(dst, GP))
		}
	case OpStore:
		if in.HasImm {
			// immediateOperands: the address registers are all the operands.
			k, _ := storeImm(in.Imm, in.Width)
			e.ins("%s $%d, %s", storeMnemonic(in.Width), k, e.mem(in.Mem, uses))
			return nil
		}
		m := e.mem(in.Mem, uses[1:])
		if in.Float {
			e.ins("MOV%s %s, %s", floatSuffix(in.Width), fp(0), m)
		} else {
			e.ins("%s %s, %s", storeMnemonic(in.Width), gp(0), m)
		}
	case OpLea:
		e.ins("LEAQ %s, %s", e.mem(in.Mem, uses), e.reg(dst, GP))
	case OpCallArg:
		if in.Float {
			e.ins("MOV%s %s, %d(SP)", floatSuffix(in.Width), fp(0), in.Off)
		} else {
			e.ins("%s %s, %d(SP)", storeMnemonic(in.Width), gp(0), in.Off)
		}
	case OpCall:
		e.ins("CALL ·%s(SB)", in.Sym)
	case OpCallResult:
		if in.Float {
			e.ins("MOV%s %d(SP), %s", floatSuffix(in.Width), in.Off, e.reg(dst, FP))
		} else {
			e.ins("%s %d(SP), %s", loadMnemonic(in.Width, in.Signed), in.Off, e.reg(dst, GP))
		}
	case OpBounds:
		helper := e.h.PanicIndex
		if !in.Signed {
			helper = e.h.PanicIndexU
		}
		if in.HasImm {
			// A constant index (immediateOperands): it fails where
			// the length is at most the index.
			e.ins("CMPQ %s, $%d", gp(0), in.Imm)
			e.ins("JLS %s", e.stub(helper, fmt.Sprintf("$%d", in.Imm), gp(0)))
			return nil
		}
		e.ins("CMPQ %s, %s", gp(0), gp(1))
		e.ins("JCC %s", e.stub(helper, gp(0), gp(1)))
	case OpIntrinsic:
		if in.Intr == IntrCarryOut && !carryPair(e.prev, in) {
			return fmt.Errorf("internal error: a carry out not right after its addition")
		}
		if isCarryArith(in) && in.CarryIn && e.flagsOnly[in.Args[1]] && !carryFromFlags(e.prev, in) {
			return fmt.Errorf("internal error: a carry kept in the flags read after them")
		}
		e.intrinsic(in, uses, dst)
	case OpZeroLocal:
		e.zeroLocal(in)
	case OpMove:
		e.moveBytes(gp(0), gp(1), gp(2))
	case OpTrap:
		e.ins("UNDEF")
	case OpSliceBound:
		e.ins("CMPQ %s, %s", gp(0), gp(1))
		e.ins("JHI %s", e.stub(e.h.sliceHelper(in.Imm, in.Signed), gp(0), gp(1)))
	case OpNil:
		e.ins("TESTB AX, (%s)", gp(0))
	case OpDivZero:
		e.ins("TESTQ %s, %s", gp(0), gp(0))
		e.ins("JEQ %s", e.stub(e.h.PanicDivide, gp(0)))
	case OpShiftNeg:
		e.ins("TESTQ %s, %s", gp(0), gp(0))
		e.ins("JLT %s", e.stub(e.h.PanicShift, gp(0)))
	case OpPoll:
		return e.poll(in, uses)
	case OpRMW:
		k := len(uses) - len(in.Mem.args())
		mem := e.mem(in.Mem, uses[k:])
		op := intOps[in.Bin]
		op = op[:len(op)-1] + sizeSuffix(in.Width)
		if in.HasImm {
			e.ins("%s $%d, %s", op, in.Imm, mem)
		} else {
			e.ins("%s %s, %s", op, gp(0), mem)
		}
	case OpCPUFlag:
		e.ins("MOVBQZX ·%s(SB), %s", in.Sym, e.reg(dst, GP))
	case OpVZeroUpper:
		e.ins("VZEROUPPER")
	case OpVLoad:
		e.ins("MOVOU %s, %s", e.mem(in.Mem, uses), e.reg(dst, FP))
	case OpVStore:
		e.ins("MOVOU %s, %s", fp(0), e.mem(in.Mem, uses[1:]))
	case OpVBin:
		e.vectorBin(in, fp(0), fp(1), e.reg(dst, FP))
	case OpVShift:
		d := e.reg(dst, FP)
		if d != fp(0) {
			e.ins("MOVAPS %s, %s", fp(0), d)
		}
		op := "PSLL"
		if in.Bin == BinShr {
			op = "PSRL"
			if in.Signed {
				op = "PSRA"
			}
		}
		// A count of the lane's width or more clears the lane (fills
		// it with the sign, for PSRA), as Go's shifts do; the width
		// itself stands for all of them (the assembler takes 0-127).
		e.ins("%s%s $%d, %s", op, map[int]string{2: "W", 4: "L", 8: "Q"}[in.Width], laneCount(in), d)
	case OpVRotate:
		// (x << k) | (x >> (bits - k)), lane by lane.
		d := e.reg(dst, FP)
		lane := map[int]string{2: "W", 4: "L", 8: "Q"}[in.Width]
		e.ins("MOVAPS %s, X15", fp(0))
		e.ins("PSLL%s $%d, X15", lane, in.Imm)
		if d != fp(0) {
			e.ins("MOVAPS %s, %s", fp(0), d)
		}
		e.ins("PSRL%s $%d, %s", lane, int64(8*in.Width)-in.Imm, d)
		e.ins("POR X15, %s", d)
	case OpVBroadcast:
		if sym := e.constVector(in.Args[0], in.Width, 16); sym != "" && !in.Float {
			e.ins("MOVOU %s(SB), %s", sym, e.reg(dst, FP))
			return nil
		}
		e.broadcast(in, uses[0], e.reg(dst, FP))
	case OpVMatch:
		e.vmatch(in, fp(0), fp(1), e.reg(dst, GP))
	case OpMulHi:
		// MULQ multiplies AX by its operand into DX:AX. The operand is
		// read before AX is written unless it is AX itself.
		d := e.reg(dst, GP)
		x := gp(0)
		if x == "AX" || x == "DX" {
			e.ins("MOVQ %s, R11", x)
			x = "R11"
		}
		e.ins("MOVQ $%d, AX", in.Imm)
		e.ins("MULQ %s", x)
		if d != "DX" {
			e.ins("MOVQ DX, %s", d)
		}
	case OpRotate:
		d := e.reg(dst, GP)
		if d != gp(0) {
			e.ins("MOVQ %s, %s", gp(0), d)
		}
		// A rotate of the low byte, word or long keeps the canonical
		// zero extension: the upper bits stay zero (or, for ROLL, are
		// cleared).
		e.ins("ROL%s $%d, %s", map[int]string{1: "B", 2: "W", 4: "L", 8: "Q"}[in.Width], in.Imm, d)
	case OpSelect:
		n := len(uses)
		e.compare(in, uses[:n-2])
		d, vt, vf := e.reg(dst, GP), e.reg(uses[n-2], GP), e.reg(uses[n-1], GP)
		c := in.Cond
		if d == vt {
			c, vt, vf = negate(c), vf, vt
		} else if d != vf {
			e.ins("MOVQ %s, %s", vf, d)
		}
		e.ins("CMOVQ%s %s, %s", jcc(c, in.Signed)[1:], vt, d)
	case OpBranch:
		e.compare(in, uses)
		then, els := e.target(b.Succs[0]), e.target(b.Succs[1])
		if in.Float {
			e.floatBranch(in.Cond, then, els, next)
			return nil
		}
		c := in.Cond
		if then == next {
			c, then, els = negate(c), els, then
		}
		e.ins("%s b%d", jcc(c, in.Signed), then)
		if els != next {
			e.ins("JMP b%d", els)
		}
	case OpCountdown:
		d := e.reg(dst, GP)
		if d != gp(0) {
			e.ins("MOVQ %s, %s", gp(0), d)
		}
		e.ins("SUBQ $1, %s", d)
		cont, poll := e.target(b.Succs[0]), e.target(b.Succs[1])
		e.ins("JEQ b%d", poll)
		if cont != next {
			e.ins("JMP b%d", cont)
		}
	case OpReturn:
		for k, r := range in.Rets {
			l := uses[k]
			switch {
			case l >= firstSlot:
				e.ins("MOVQ %s, R11", e.slot(l))
				e.ins("%s R11, %s+%d(FP)", storeMnemonic(r.Width), r.Name, r.Off)
			case r.Float:
				e.ins("MOV%s %s, %s+%d(FP)", floatSuffix(r.Width), e.reg(l, FP), r.Name, r.Off)
			default:
				e.ins("%s %s, %s+%d(FP)", storeMnemonic(r.Width), e.reg(l, GP), r.Name, r.Off)
			}
		}
		e.ins("RET")
	default:
		return fmt.Errorf("internal error: no instructions for op %d", in.Op)
	}
	return nil
}

var intOps = map[Bin]string{BinAdd: "ADDQ", BinSub: "SUBQ", BinMul: "IMULQ", BinAnd: "ANDQ", BinOr: "ORQ", BinXor: "XORQ"}

// intBin emits dst = x op y on 64 bits, then brings the result back to
// its width (and, or, xor and andnot keep canonical operands canonical).
//
// An unsigned addition or subtraction of 1, 2 or 4 bytes (a
// multiplication of 4) is done at its width: the bits above it stay
// zero (a 4-byte operation clears them), so the result is already
// canonical.
func (e *emitter) intBin(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	if e.andSlot(in, uses, dstLoc) { // slotoperands.go
		return
	}
	d := e.reg(dstLoc, GP)
	x := e.reg(uses[0], GP)
	if in.MemY {
		// At the operand's width, then sign-extended if signed. d may
		// be an address register that dies here: then the operation is
		// done in R11.
		t := d
		for _, u := range uses[1:] {
			if d != x && e.reg(u, GP) == d {
				t = "R11"
			}
		}
		if t != x {
			e.ins("MOVQ %s, %s", x, t)
		}
		op := intOps[in.Bin]
		e.ins("%s%s %s, %s", op[:len(op)-1], sizeSuffix(in.Width), e.mem(in.Mem, uses[1:]), t)
		if t != d {
			e.ins("MOVQ %s, %s", t, d)
		}
		if in.Signed {
			// (Unsigned, the operation leaves the bits above the
			// width as x had them, zero.)
			e.ext(in, d)
		}
		return
	}
	sized := sizedOp(in)
	opOf := func(b Bin) string {
		op := intOps[b]
		if sized {
			op = op[:len(op)-1] + map[int]string{1: "B", 2: "W", 4: "L"}[in.Width]
		}
		return op
	}
	// A 64-bit sum into a third register is one LEAQ (no copy first),
	// and so is a difference with a constant (hex.Decode's src[j-1]).
	if in.Bin == BinSub && in.Width == 8 && d != x && in.HasImm && -in.Imm == int64(int32(-in.Imm)) {
		e.ins("LEAQ %d(%s), %s", -in.Imm, x, d)
		return
	}
	if in.Bin == BinAdd && in.Width == 8 && d != x {
		if in.HasImm {
			e.ins("LEAQ %d(%s), %s", in.Imm, x, d)
			return
		}
		if y := e.reg(uses[1], GP); d != y {
			e.ins("LEAQ (%s)(%s*1), %s", x, y, d)
			return
		}
	}
	if in.HasImm {
		switch {
		case in.Bin == BinMul && in.Imm > 1 && in.Imm&(in.Imm-1) == 0:
			// A multiplication by 2^k is a shift by k at every width
			// (the same low bits): one cycle where IMUL takes three,
			// and another port. SHLL clears the high half, as IMUL3L.
			if d != x {
				e.ins("MOVQ %s, %s", x, d)
			}
			e.ins("SHL%s $%d, %s", map[bool]string{true: "L", false: "Q"}[sized], bits.TrailingZeros64(uint64(in.Imm)), d)
		case in.Bin == BinMul && (in.Imm == 3 || in.Imm == 5 || in.Imm == 9):
			// One LEA (a cycle, where IMUL takes three), as gc: LEAL
			// clears the high half, as IMUL3L.
			e.ins("LEA%s (%s)(%s*%d), %s", map[bool]string{true: "L", false: "Q"}[sized], x, x, in.Imm-1, d)
		case in.Bin == BinMul && sized:
			e.ins("IMUL3L $%d, %s, %s", in.Imm, x, d)
		case in.Bin == BinMul:
			e.ins("IMUL3Q $%d, %s, %s", in.Imm, x, d)
		case in.Bin == BinAndNot:
			if d != x {
				e.ins("MOVQ %s, %s", x, d)
			}
			e.ins("ANDQ $%d, %s", ^in.Imm, d)
		default:
			if d != x {
				e.ins("MOVQ %s, %s", x, d)
			}
			e.ins("%s $%d, %s", opOf(in.Bin), in.Imm, d)
		}
	} else {
		y := e.reg(uses[1], GP)
		op := opOf(in.Bin)
		commutes := in.Bin != BinSub && in.Bin != BinAndNot
		switch {
		case in.Bin == BinAndNot:
			e.ins("MOVQ %s, R11", y)
			e.ins("NOTQ R11")
			if d != x {
				e.ins("MOVQ %s, %s", x, d)
			}
			e.ins("ANDQ R11, %s", d)
		case in.Bin == BinSub && d == y && d != x && (op == "SUBQ" || op == "SUBL"):
			// d = x - d as -d + x, the same modulo 2^64 (2^32, which
			// SUBL's clearing of the high half keeps): two instructions
			// where a copy through R11 takes three (Div64's
			// rhat := un32 - q1*yn1).
			e.ins("NEG%s %s", op[3:], d)
			e.ins("ADD%s %s, %s", op[3:], x, d)
		default:
			e.twoAddress(op, x, y, d, commutes, "MOVQ", "R11")
		}
	}
	switch in.Bin {
	case BinAdd, BinSub, BinMul:
		if !sized {
			e.ext(in, d)
		}
	}
}

// floatBin emits dst = x op y in IEEE arithmetic of the width.
func (e *emitter) floatBin(in *Instr, x, y, d string) {
	op := map[Bin]string{BinAdd: "ADD", BinSub: "SUB", BinMul: "MUL", BinDiv: "DIV"}[in.Bin] + floatSuffix(in.Width)
	e.twoAddress(op, x, y, d, in.Bin == BinAdd || in.Bin == BinMul, "MOVAPS", "X15")
}

// twoAddress emits d = x op y for an instruction op that writes its
// second operand: into d directly when d is x (or y and op commutes),
// through the scratch register when d is y, after a copy of x (with
// mov) otherwise.
func (e *emitter) twoAddress(op, x, y, d string, commutes bool, mov, scratch string) {
	switch {
	case d == x:
		e.ins("%s %s, %s", op, y, d)
	case d == y && commutes:
		e.ins("%s %s, %s", op, x, d)
	case d == y:
		e.ins("%s %s, %s", mov, x, scratch)
		e.ins("%s %s, %s", op, y, scratch)
		e.ins("%s %s, %s", mov, scratch, d)
	default:
		e.ins("%s %s, %s", mov, x, d)
		e.ins("%s %s, %s", op, y, d)
	}
}

// shift emits Go's shifts: a count of 64 or more shifts every bit out
// (or, for a signed right shift, fills with the sign).
func (e *emitter) shift(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	d := e.reg(dstLoc, GP)
	x := e.reg(uses[0], GP)
	op := "SHLQ"
	if in.Bin == BinShr {
		op = "SHRQ"
		if in.Signed {
			op = "SARQ"
		}
	}
	if in.HasImm {
		c := uint64(in.Imm)
		if c >= 64 {
			if op != "SARQ" {
				e.ins("XORL %s, %s", d, d)
				return
			}
			c = 63
		}
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		if shiftAtWidth(in) {
			// At its width, an unsigned left shift leaves the bits above
			// zero (SHLL clears them): already canonical.
			e.ins("SHL%s $%d, %s", map[int]string{1: "B", 2: "W", 4: "L"}[in.Width], c, d)
			return
		}
		e.ins("%s $%d, %s", op, c, d)
		if in.Bin == BinShl {
			e.ext(in, d)
		}
		return
	}
	if in.CountFits && d != "CX" && x != "CX" {
		// The count is below 64: x86's shift is Go's, in place.
		if c := e.reg(uses[1], GP); c != "CX" {
			e.ins("MOVQ %s, CX", c)
		}
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		e.ins("%s CX, %s", op, d)
		if in.Bin == BinShl {
			e.ext(in, d)
		}
		return
	}
	if d != "CX" && x != "CX" && op != "SARQ" {
		// In place, as above, then Go's zero for a count of 64 or more:
		// no round trip through R11.
		if c := e.reg(uses[1], GP); c != "CX" {
			e.ins("MOVQ %s, CX", c)
		}
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		e.ins("%s CX, %s", op, d)
		e.ins("CMPQ CX, $64")
		e.ins("SBBQ CX, CX")
		e.ins("ANDQ CX, %s", d)
		if in.Bin == BinShl {
			e.ext(in, d)
		}
		return
	}
	e.ins("MOVQ %s, R11", x)
	if c := e.reg(uses[1], GP); c != "CX" {
		e.ins("MOVQ %s, CX", c)
	}
	if in.CountFits {
		e.ins("%s CX, R11", op)
	} else if op == "SARQ" {
		ok := e.newLabel("sar")
		e.ins("CMPQ CX, $64")
		e.ins("JCS %s", ok)
		e.ins("MOVQ $63, CX")
		fmt.Fprintf(&e.w, "%s:\n", ok)
		e.ins("SARQ CX, R11")
	} else {
		e.ins("%s CX, R11", op)
		e.ins("CMPQ CX, $64")
		e.ins("SBBQ CX, CX")
		e.ins("ANDQ CX, R11")
	}
	e.ins("MOVQ R11, %s", d)
	if in.Bin == BinShl {
		e.ext(in, d)
	}
}

// div emits x / y or x % y, y not zero; on 64 bits, MinInt64 / -1 is
// MinInt64 (and its remainder 0), as in Go, where IDIVQ would fault.
func (e *emitter) div(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	d := e.reg(dstLoc, GP)
	// The divisor stays in its register unless the division writes
	// that one (AX, DX).
	y := e.reg(uses[1], GP)
	if y == "AX" || y == "DX" {
		e.ins("MOVQ %s, R11", y)
		y = "R11"
	}
	if x := e.reg(uses[0], GP); x != "AX" {
		e.ins("MOVQ %s, AX", x)
	}
	result := "AX"
	if in.Bin == BinRem {
		result = "DX"
	}
	if !in.Signed {
		// Operands of 32 bits or fewer are zero-extended: a 32-bit
		// division, faster than a 64-bit one, gives the same.
		e.ins("XORL DX, DX")
		if in.Width <= 4 {
			e.ins("DIVL %s", y)
		} else {
			e.ins("DIVQ %s", y)
		}
	} else {
		done := e.newLabel("div")
		if in.Width == 8 {
			neg := e.newLabel("divneg")
			e.ins("CMPQ %s, $-1", y)
			e.ins("JEQ %s", neg)
			e.ins("CQO")
			e.ins("IDIVQ %s", y)
			e.ins("JMP %s", done)
			fmt.Fprintf(&e.w, "%s:\n", neg)
			if in.Bin == BinRem {
				e.ins("XORL DX, DX")
			} else {
				e.ins("NEGQ AX")
			}
		} else {
			e.ins("CQO")
			e.ins("IDIVQ %s", y)
		}
		fmt.Fprintf(&e.w, "%s:\n", done)
	}
	if d != result {
		e.ins("MOVQ %s, %s", result, d)
	}
	// Operands in canonical form give a quotient and a remainder that
	// are too, but for the signed quotient MinInt / -1 of a narrow
	// width, whose 1<<(8*Width-1) wraps to MinInt. (An unsigned quotient
	// is at most x, a remainder's magnitude below y's; DIVL zero-extends.)
	if in.Signed && in.Bin == BinDiv {
		e.extend(d, in.Width, in.Signed)
	}
}

// compare sets the flags for Args[0] against Args[1] (or the
// immediate).
func (e *emitter) compare(in *Instr, uses []validate.Loc) {
	ins := func(format string, args ...any) { e.setFlags(fmt.Sprintf("\t"+format, args...)) }
	if in.Float {
		// UCOMISD y, x sets the flags for x against y; for < and <= the
		// operands are swapped so that the unordered case (NaN) fails
		// the condition, as > and >= (JHI, JCC) do.
		x, y := e.reg(uses[0], FP), e.reg(uses[1], FP)
		if in.Cond == CondLt || in.Cond == CondLe {
			x, y = y, x
		}
		ins("UCOMI%s %s, %s", floatSuffix(in.Width), y, x)
		return
	}
	if in.Test {
		switch {
		case in.MemY:
			// The address registers follow Args[0].
			ins("TESTQ %s, %s", e.reg(uses[0], GP), e.mem(in.Mem, uses[1:]))
		case in.HasImm:
			ins("TESTQ $%d, %s", in.Imm, e.reg(uses[0], GP))
		default:
			ins("TESTQ %s, %s", e.reg(uses[1], GP), e.reg(uses[0], GP))
		}
		return
	}
	if in.MemFirst {
		// The first operand is in memory, its address registers last.
		k := len(uses) - len(in.Mem.args())
		x, size := e.mem(in.Mem, uses[k:]), sizeSuffix(in.MemWidth)
		if in.HasImm {
			ins("CMP%s %s, $%d", size, x, in.Imm)
		} else {
			ins("CMP%s %s, %s", size, x, e.reg(uses[0], GP))
		}
		return
	}
	if in.HasImm {
		ins("CMPQ %s, $%d", e.reg(uses[0], GP), in.Imm)
		return
	}
	ins("CMPQ %s, %s", e.reg(uses[0], GP), e.reg(uses[1], GP))
}

// sizeSuffix is the instruction suffix of an integer of width bytes.
func sizeSuffix(width int) string {
	return map[int]string{1: "B", 2: "W", 4: "L", 8: "Q"}[width]
}

// floatCond returns the unsigned condition that holds after compare for
// a float comparison other than == and != (operands swapped for < and
// <=).
func floatCond(c Cond) string {
	if c == CondGt || c == CondLt {
		return "HI"
	}
	return "CC"
}

func (e *emitter) floatSet(c Cond, d string) {
	switch c {
	case CondEq, CondNe:
		// Equal: ZF set and PF clear (PF marks an unordered pair).
		yes, no := "$1", "$0"
		if c == CondNe {
			yes, no = no, yes
		}
		done := e.newLabel("fcmp")
		e.ins("MOVL %s, R11", no)
		e.ins("JNE %s", done)
		e.ins("JPS %s", done)
		e.ins("MOVL %s, R11", yes)
		fmt.Fprintf(&e.w, "%s:\n", done)
		e.ins("MOVQ R11, %s", d)
	default:
		e.ins("SET%s R11", floatCond(c))
		e.ins("MOVBQZX R11, %s", d)
	}
}

func (e *emitter) floatBranch(c Cond, then, els, next int) {
	switch c {
	case CondEq:
		e.ins("JNE b%d", els)
		e.ins("JPS b%d", els)
		if then != next {
			e.ins("JMP b%d", then)
		}
	case CondNe:
		e.ins("JNE b%d", then)
		e.ins("JPS b%d", then)
		if els != next {
			e.ins("JMP b%d", els)
		}
	default:
		e.ins("J%s b%d", floatCond(c), then)
		if els != next {
			e.ins("JMP b%d", els)
		}
	}
}

// convert emits the numeric conversions gc emits the same way: a single
// correctly rounded SSE conversion (integer to float, between float
// widths) or a truncating one (float to a signed integer of 32 or 64
// bits, with its out-of-range result 0x80…0).
func (e *emitter) convert(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	switch in.Cvt {
	case CvtIntToF64, CvtIntToF32:
		d := e.reg(dstLoc, FP)
		e.ins("XORPS %s, %s", d, d)
		op := "CVTSQ2SD"
		if in.Cvt == CvtIntToF32 {
			op = "CVTSQ2SS"
		}
		e.ins("%s %s, %s", op, e.reg(uses[0], GP), d)
	case CvtF64ToInt, CvtF32ToInt:
		d := e.reg(dstLoc, GP)
		op := "CVTT" + map[Cvt]string{CvtF64ToInt: "SD", CvtF32ToInt: "SS"}[in.Cvt] + "2S"
		if in.Width == 8 {
			e.ins("%sQ %s, %s", op, e.reg(uses[0], FP), d)
		} else {
			e.ins("%sL %s, %s", op, e.reg(uses[0], FP), d)
			e.extend(d, in.Width, true)
		}
	case CvtUintToF64, CvtUintToF32:
		d, x := e.reg(dstLoc, FP), e.reg(uses[0], GP)
		op, add := "CVTSQ2SD", "ADDSD"
		if in.Cvt == CvtUintToF32 {
			op, add = "CVTSQ2SS", "ADDSS"
		}
		big, even, done := e.newLabel("u2f"), e.newLabel("u2feven"), e.newLabel("u2fdone")
		e.ins("XORPS %s, %s", d, d)
		e.ins("TESTQ %s, %s", x, x)
		e.ins("JLT %s", big)
		e.ins("%s %s, %s", op, x, d)
		e.ins("JMP %s", done)
		// Past 2^63: half of it, its lowest bit kept as a sticky bit so
		// that the rounding is the same, then doubled (exact).
		fmt.Fprintf(&e.w, "%s:\n", big)
		e.ins("MOVQ %s, R11", x)
		e.ins("SHRQ $1, R11")
		e.ins("JCC %s", even)
		e.ins("ORQ $1, R11")
		fmt.Fprintf(&e.w, "%s:\n", even)
		e.ins("%s R11, %s", op, d)
		e.ins("%s %s, %s", add, d, d)
		fmt.Fprintf(&e.w, "%s:\n", done)
	case CvtF64ToUint, CvtF32ToUint:
		d, x := e.reg(dstLoc, GP), e.reg(uses[0], FP)
		sfx, cutoff := "SD", e.h.Data.str(le64(0x43e0000000000000)) // 2^63 as a float64
		if in.Cvt == CvtF32ToUint {
			sfx, cutoff = "SS", e.h.Data.str(le64(0x5f000000)[:4])
		}
		big, done := e.newLabel("f2u"), e.newLabel("f2udone")
		e.ins("UCOMI%s %s(SB), %s", sfx, cutoff, x)
		e.ins("JCC %s", big) // x >= 2^63
		e.ins("CVTT%s2SQ %s, %s", sfx, x, d)
		e.ins("JMP %s", done)
		fmt.Fprintf(&e.w, "%s:\n", big)
		e.ins("MOVAPS %s, X15", x)
		e.ins("SUB%s %s(SB), X15", sfx, cutoff)
		e.ins("CVTT%s2SQ X15, %s", sfx, d)
		e.ins("BTSQ $63, %s", d)
		fmt.Fprintf(&e.w, "%s:\n", done)
	case CvtF32ToF64, CvtF64ToF32:
		d := e.reg(dstLoc, FP)
		op := "CVTSS2SD"
		if in.Cvt == CvtF64ToF32 {
			op = "CVTSD2SS"
		}
		x := e.reg(uses[0], FP)
		if x == d {
			e.ins("%s %s, %s", op, x, d)
		} else {
			e.ins("XORPS %s, %s", d, d)
			e.ins("%s %s, %s", op, x, d)
		}
	}
}

// poll calls the poll helper, keeping every value it uses: registers
// are saved in the save area and restored; pointers (in registers or
// slots) go through the helper's arguments and come back as its
// results, which the runtime adjusts if the stack moves.
func (e *emitter) poll(in *Instr, uses []validate.Loc) error {
	var ptrs []validate.Loc
	for k, v := range in.Args {
		if e.f.Values[v].Pointer {
			ptrs = append(ptrs, uses[k])
		}
	}
	saved := e.pollSaved(in, uses)
	if len(ptrs) > MaxPollPointers {
		return &Unsupported{Pos: in.Pos, What: fmt.Sprintf("a loop with %d pointers live across its preemption poll (at most %d)", len(ptrs), MaxPollPointers)}
	}
	save := func(l validate.Loc) string { return fmt.Sprintf("%d(SP)", e.saveOff[l]) }
	e.w.WriteString(adjspDown)
	for _, l := range saved {
		if regClass(l) == FP {
			e.ins("MOVOU %s, %s", e.reg(l, FP), save(l))
		} else {
			e.ins("MOVQ %s, %s", e.reg(l, GP), save(l))
		}
	}
	for i, l := range ptrs {
		if l >= firstSlot {
			e.ins("MOVQ %s, R11", e.slot(l))
			e.ins("MOVQ R11, %d(SP)", 8*i)
		} else {
			e.ins("MOVQ %s, %d(SP)", e.reg(l, GP), 8*i)
		}
	}
	for i := len(ptrs); i < MaxPollPointers; i++ {
		e.ins("MOVQ $0, %d(SP)", 8*i)
	}
	e.ins("CALL ·%s(SB)", e.h.Poll)
	for i, l := range ptrs {
		off := 8 * (MaxPollPointers + i)
		if l >= firstSlot {
			e.ins("MOVQ %d(SP), R11", off)
			e.ins("MOVQ R11, %s", e.slot(l))
		} else {
			e.ins("MOVQ %d(SP), %s", off, e.reg(l, GP))
		}
	}
	for _, l := range saved {
		if regClass(l) == FP {
			e.ins("MOVOU %s, %s", save(l), e.reg(l, FP))
		} else {
			e.ins("MOVQ %s, %s", save(l), e.reg(l, GP))
		}
	}
	e.w.WriteString(adjspUp)
	return nil
}

// pollSaved returns the registers poll in saves and restores: those of
// the values it keeps that are not pointers (the pointers go through the
// helper).
func (e *emitter) pollSaved(in *Instr, uses []validate.Loc) []validate.Loc {
	var saved []validate.Loc
	for k, v := range in.Args {
		if l := uses[k]; !e.f.Values[v].Pointer && l < firstSlot {
			saved = append(saved, l)
		}
	}
	return saved
}

// floatVectorOp returns the SSE mnemonic of a lane-wise float operation
// (ADDPD, MULPS, …; AVX's is it with a V before).
func floatVectorOp(in *Instr) string {
	return map[Bin]string{BinAdd: "ADD", BinSub: "SUB", BinMul: "MUL", BinDiv: "DIV"}[in.Bin] + map[int]string{4: "PS", 8: "PD"}[in.Width]
}

// vectorBin emits d = x op y lane by lane.
func (e *emitter) vectorBin(in *Instr, x, y, d string) {
	var op string
	if in.Float {
		op = floatVectorOp(in)
	} else {
		lane := map[int]string{1: "B", 2: "W", 4: "L", 8: "Q"}[in.Width]
		op = map[Bin]string{BinAdd: "PADD" + lane, BinSub: "PSUB" + lane, BinAnd: "PAND", BinOr: "POR", BinXor: "PXOR"}[in.Bin]
	}
	if in.Bin == BinAndNot {
		// PANDN s, d computes ^d & s.
		e.ins("MOVAPS %s, X15", y)
		e.ins("PANDN %s, X15", x)
		e.ins("MOVAPS X15, %s", d)
		return
	}
	e.twoAddress(op, x, y, d, in.Bin != BinSub && in.Bin != BinDiv, "MOVAPS", "X15")
}

// avx2 emits a vector instruction on 32-byte vectors (Y registers, VEX
// encoding, three operands: no copy to the destination first).
func (e *emitter) avx2(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	y := func(l validate.Loc) string { return "Y" + strings.TrimPrefix(e.reg(l, FP), "X") }
	lane := map[int]string{1: "B", 2: "W", 4: "D", 8: "Q"}[in.Width]
	switch in.Op {
	case OpVLoad:
		e.ins("VMOVDQU %s, %s", e.mem(in.Mem, uses), y(dstLoc))
	case OpVStore:
		e.ins("VMOVDQU %s, %s", y(uses[0]), e.mem(in.Mem, uses[1:]))
	case OpVBin:
		a, b, d := y(uses[0]), y(uses[1]), y(dstLoc)
		var op string
		if in.Float {
			op = "V" + floatVectorOp(in)
		} else {
			op = map[Bin]string{BinAdd: "VPADD" + lane, BinSub: "VPSUB" + lane, BinAnd: "VPAND", BinOr: "VPOR", BinXor: "VPXOR"}[in.Bin]
		}
		if in.Bin == BinAndNot {
			// VPANDN s, t, d computes ^t & s.
			e.ins("VPANDN %s, %s, %s", a, b, d)
			return
		}
		// Go's operand order: VPSUBD s, t, d computes t - s.
		e.ins("%s %s, %s, %s", op, b, a, d)
	case OpVShift:
		op := "VPSLL"
		if in.Bin == BinShr {
			op = "VPSRL"
			if in.Signed {
				op = "VPSRA"
			}
		}
		// As for SSE2, a count of the lane's width or more clears the
		// lane (fills it with the sign, for VPSRA).
		e.ins("%s%s $%d, %s, %s", op, lane, laneCount(in), y(uses[0]), y(dstLoc))
	case OpVRotate:
		a, d := y(uses[0]), y(dstLoc)
		e.ins("VPSLL%s $%d, %s, Y15", lane, in.Imm, a)
		e.ins("VPSRL%s $%d, %s, %s", lane, int64(8*in.Width)-in.Imm, a, d)
		e.ins("VPOR Y15, %s, %s", d, d)
	case OpVBroadcast:
		d := y(dstLoc)
		if in.Float {
			e.ins("VBROADCASTS%s %s, %s", map[int]string{4: "S", 8: "D"}[in.Width], e.reg(uses[0], FP), d)
			return
		}
		if sym := e.constVector(in.Args[0], in.Width, 32); sym != "" {
			e.ins("VMOVDQU %s(SB), %s", sym, d)
			return
		}
		e.ins("MOVQ %s, X15", e.reg(uses[0], GP))
		e.ins("VPBROADCAST%s X15, %s", lane, d)
	}
}

// broadcast emits d = a vector whose every lane is the scalar at l (a
// general register for integer lanes, an SSE one for floats).
func (e *emitter) broadcast(in *Instr, l validate.Loc, d string) {
	if in.Float {
		s := e.reg(l, FP)
		if in.Width == 8 {
			e.ins("PSHUFD $0x44, %s, %s", s, d)
		} else {
			e.ins("PSHUFD $0, %s, %s", s, d)
		}
		return
	}
	e.ins("MOVQ %s, %s", e.reg(l, GP), d)
	switch in.Width {
	case 1:
		e.ins("PUNPCKLBW %s, %s", d, d)
		e.ins("PSHUFLW $0, %s, %s", d, d)
		e.ins("PSHUFD $0, %s, %s", d, d)
	case 2:
		e.ins("PSHUFLW $0, %s, %s", d, d)
		e.ins("PSHUFD $0, %s, %s", d, d)
	case 4:
		e.ins("PSHUFD $0, %s, %s", d, d)
	default:
		e.ins("PSHUFD $0x44, %s, %s", d, d)
	}
}
