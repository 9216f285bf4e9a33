// This file is the execution loop: one case per instruction kind.

package interp

import (
	"unicode/utf8"

	"github.com/vssa-go/vssa/ir"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// exec runs fr from fr.pc until a return instruction.
func (it *Interp) exec(fr *frame) {
	code := fr.fn.code
	regs := fr.regs
	pc := fr.pc
	for {
		in := &code[pc]
		pc++
		fr.pc = pc // for runtime.Caller and the recover block
		switch in.op {
		case ir.OpConst, ir.OpGlobal, ir.OpFunc:
			regs[in.dst] = in.v
		case ir.OpCopy:
			regs[in.dst] = regs[in.a]

		case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot:
			regs[in.dst] = arith(in.op, in.k, regs[in.a], regs[in.b])
		case ir.OpDiv, ir.OpRem:
			if in.k.isInt() && regs[in.b].n == 0 {
				panic(it.ub(in, "integer division by zero"))
			}
			regs[in.dst] = arith(in.op, in.k, regs[in.a], regs[in.b])
		case ir.OpShl, ir.OpShr:
			count := regs[in.b].n
			if in.xt.kind.isSigned() && int64(count) < 0 {
				panic(it.ub(in, "negative shift count %d", int64(count)))
			}
			regs[in.dst] = shift(in.op, in.k, regs[in.a].n, count)
		case ir.OpEq, ir.OpNe:
			if in.dead && in.xt.oneWord() {
				// Nothing reads the result, and comparing such
				// values cannot panic: no need to know the answer,
				// which may be unknowable (zerosize.go).
				continue
			}
			regs[in.dst] = mkBool(it.equal(fr.g, in.xt, regs[in.a], regs[in.b]) == (in.op == ir.OpEq))
		case ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
			regs[in.dst] = mkBool(compare(in.op, in.k, regs[in.a], regs[in.b]))
		case ir.OpNeg:
			regs[in.dst] = neg(in.k, regs[in.a])
		case ir.OpNot:
			regs[in.dst] = Value{n: regs[in.a].n ^ 1}
		case ir.OpCompl:
			regs[in.dst] = Value{n: normInt(in.k, ^regs[in.a].n)}

		case ir.OpConvert:
			if in.xt.kind == kUnsafePointer || in.k == kUnsafePointer {
				regs[in.dst] = it.convertUnsafe(in.xt, in.t, regs[in.a])
				continue
			}
			regs[in.dst] = convert(in.xt, in.t, regs[in.a])
		case ir.OpChangeType, ir.OpChangeInterface:
			regs[in.dst] = regs[in.a]
		case ir.OpMakeInterface:
			if in.v.r != nil { // a constant's: one interface value (staticIface)
				regs[in.dst] = in.v
				break
			}
			regs[in.dst] = Value{r: &iface{t: in.xt, v: regs[in.a]}}
		case ir.OpSliceToArrayPtr:
			n := in.t.elem.length
			if l, _ := lenCap(in.xt, regs[in.a]); int64(l) < n {
				panic(it.ub(in, "slice of length %d converted to pointer to array of length %d", l, n))
			}
			regs[in.dst] = sliceToArrayPtr(in.xt, regs[in.a], n)
			if regs[in.dst].r != nil {
				regs[in.dst].n = in.v.n
			}
		case ir.OpTypeAssert:
			it.typeAssert(fr.g, in, regs)

		case ir.OpAlloc:
			c := new(Value)
			if in.t.elem.aggregate {
				*c = zero(in.t.elem)
			}
			regs[in.dst] = Value{n: in.v.n, r: c} // n: zeroAlloc or 0
		case ir.OpLoad:
			regs[in.dst] = it.load(in, regs[in.a])
		case ir.OpStore:
			it.store(in, regs[in.a], regs[in.b])
		case ir.OpFieldAddr:
			regs[in.dst] = it.fieldAddr(in, regs[in.a])
		case ir.OpField:
			regs[in.dst] = it.field(in, regs[in.a])
		case ir.OpIndexAddr:
			regs[in.dst] = it.indexAddr(in, regs[in.a], regs[in.b])
		case ir.OpIndex:
			regs[in.dst] = it.index(in, regs[in.a], regs[in.b])
		case ir.OpSlice:
			regs[in.dst] = it.sliceOp(in, regs)
		case ir.OpLen:
			regs[in.dst] = mkInt(lenOf(in.xt, regs[in.a]))
		case ir.OpCap:
			regs[in.dst] = mkInt(capOf(in.xt, regs[in.a]))

		case ir.OpMakeSlice:
			regs[in.dst] = it.makeSlice(fr.g, in, regs[in.a], regs[in.b])
		case ir.OpMakeMap:
			regs[in.dst] = Value{r: newMap(in.t)}
		case ir.OpMakeChan:
			regs[in.dst] = it.makeChan(fr.g, in, regs[in.a])
		case ir.OpMakeClosure:
			env := make([]Value, len(in.args))
			for i, a := range in.args {
				env[i] = regs[a]
			}
			regs[in.dst] = Value{r: &closure{fn: in.fn, env: env}}
		case ir.OpLookup:
			it.lookup(fr.g, in, regs)
		case ir.OpMapUpdate:
			m, _ := regs[in.a].r.(*mapObj)
			if m == nil {
				it.raiseRuntime(fr.g, errNilMap)
			}
			m.set(it, fr.g, regs[in.b], regs[in.c])

		case ir.OpSend:
			it.send(fr.g, regs[in.a], regs[in.b])
		case ir.OpRecv:
			v, ok := it.recv(fr.g, regs[in.a], in.t)
			regs[in.dst] = v
			if len(in.dsts) == 2 {
				regs[in.dsts[1]] = mkBool(ok)
			}
		case ir.OpSelect:
			it.selectOp(fr.g, in, regs)
		case ir.OpRange:
			regs[in.dst] = newIter(in.xt, regs[in.a])
		case ir.OpNext:
			it.next(in, regs)

		case ir.OpCall:
			if in.mode == ir.CallBuiltin && in.sym == "deferstack" {
				regs[in.dst] = Value{r: fr}
				continue
			}
			if in.mode == ir.CallStatic && in.fn.ir != nil {
				it.callDirect(fr, in.fn, nil, in, 0, it.passRecoverable(fr, in))
				continue
			}
			if in.mode == ir.CallClosure {
				if c, ok := regs[in.a].r.(*closure); ok && c.fn.ir != nil {
					it.callDirect(fr, c.fn, c.env, in, 1, it.passRecoverable(fr, in))
					continue
				}
			}
			var fv Value
			if in.mode == ir.CallClosure || in.mode == ir.CallInvoke {
				fv = regs[in.a]
			}
			results := it.callMode(fr.g, in, fv, it.callArgs(in, regs), it.passRecoverable(fr, in))
			for i, d := range in.dsts {
				regs[d] = results[i]
			}
		case ir.OpGo:
			var fv Value
			if in.mode == ir.CallClosure || in.mode == ir.CallInvoke {
				fv = regs[in.a]
			}
			if in.mode == ir.CallInvoke && fv.iface() == nil {
				it.raiseRuntime(fr.g, errNilDeref)
			}
			it.startGoroutine(fr, in, fv, it.callArgs(in, regs))
		case ir.OpDefer:
			it.deferCall(fr, in, regs)
		case ir.OpRunDefers:
			it.runDefers(fr)

		case ir.OpNilCheck:
			if isNil(regs[in.a]) {
				it.raiseRuntime(fr.g, errNilDeref)
			}
		case ir.OpBoundsCheck:
			it.boundsCheck(fr.g, in, regs[in.a], regs[in.b])
		case ir.OpSliceCheck:
			it.sliceCheck(fr.g, in, regs)
		case ir.OpDivCheck:
			if regs[in.a].n == 0 {
				it.raiseRuntime(fr.g, errDivide)
			}
		case ir.OpShiftCheck:
			if int64(regs[in.a].n) < 0 {
				it.raiseRuntime(fr.g, errShift)
			}
		case ir.OpLenCheck:
			l, n := regs[in.a].int(), regs[in.b].int()
			if l < n {
				it.raiseRuntime(fr.g, rt.BoundsError(n, true, int(l), rt.BoundsConvert))
			}

		case ir.OpJump:
			if it.opts.StepLimit > 0 && it.steps.Add(1) > it.opts.StepLimit {
				panic(ErrStepLimit)
			}
			pc = it.takeEdge(fr, in, &in.edges[0])
		case ir.OpIf:
			if it.opts.StepLimit > 0 && it.steps.Add(1) > it.opts.StepLimit {
				panic(ErrStepLimit)
			}
			if regs[in.a].n != 0 {
				pc = it.takeEdge(fr, in, &in.edges[0])
			} else {
				pc = it.takeEdge(fr, in, &in.edges[1])
			}
		case ir.OpReturn:
			if fr.retRegs != nil {
				for i, d := range fr.retSlots {
					fr.retRegs[d] = regs[in.args[i]]
				}
				return
			}
			results := make([]Value, len(in.args))
			for i, a := range in.args {
				results[i] = regs[a]
			}
			fr.results = results
			return
		case ir.OpPanic:
			it.panicOp(fr.g, regs[in.a])
		case ir.OpEta:
			regs[in.dst] = it.eta(fr, in)

		default:
			panic(unsupportedf("instruction %s", in.op))
		}
	}
}

// takeEdge performs the phi moves of an edge (and its γs, gsa.go), in
// parallel, and returns the target pc.
func (it *Interp) takeEdge(fr *frame, in *inst, e *edge) int32 {
	if e.gated != nil {
		return it.takeGatedEdge(fr, in, e)
	}
	return takeEdge(fr.regs, e)
}

// takeEdge performs the phi moves of an edge, in parallel, and returns
// the target pc.
func takeEdge(regs []Value, e *edge) int32 {
	switch len(e.moves) {
	case 0:
	case 1:
		regs[e.moves[0].dst] = regs[e.moves[0].src]
	default:
		var buf [8]Value
		tmp := buf[:0]
		if len(e.moves) > len(buf) {
			tmp = make([]Value, 0, len(e.moves))
		}
		for _, m := range e.moves {
			tmp = append(tmp, regs[m.src])
		}
		for i, m := range e.moves {
			regs[m.dst] = tmp[i]
		}
	}
	return e.pc
}

// callArgs collects the arguments of a call, go or defer.
func (it *Interp) callArgs(in *inst, regs []Value) []Value {
	start := 0
	if in.op == ir.OpDefer && in.flags&ir.FlagDeferStack != 0 {
		start++
	}
	if in.mode == ir.CallClosure || in.mode == ir.CallInvoke {
		start++
	}
	args := make([]Value, len(in.args)-start)
	for i, a := range in.args[start:] {
		args[i] = regs[a]
	}
	return args
}

// passRecoverable decides whether a call made by fr may recover fr's
// panic: only calls from a wrapper (a synthetic function that just
// forwards to its target) pass the ability on, and built-in calls
// (recover itself) get it.
func (it *Interp) passRecoverable(fr *frame, in *inst) *goPanic {
	if fr.recoverable == nil {
		return nil
	}
	if in.mode == ir.CallBuiltin || fr.fn.ir.Wrapper {
		return fr.recoverable
	}
	return nil
}

func (it *Interp) deferCall(fr *frame, in *inst, regs []Value) {
	target := fr
	i := 0
	if in.flags&ir.FlagDeferStack != 0 {
		if f, ok := regs[in.args[0]].r.(*frame); ok {
			target = f
		}
		i++
	}
	var fv Value
	if in.mode == ir.CallClosure || in.mode == ir.CallInvoke {
		fv = regs[in.args[i]]
	}
	if in.mode == ir.CallInvoke && fv.iface() == nil {
		// The method value x.M is evaluated now, and panics for a nil x.
		it.raiseRuntime(fr.g, errNilDeref)
	}
	target.defers = append(target.defers, deferred{fn: fv, in: in, args: it.callArgs(in, regs)})
}

// isNil reports whether a pointer, function, map, channel, slice or
// interface value is nil.
func isNil(v Value) bool {
	switch r := v.r.(type) {
	case nil:
		return true
	case []Value:
		return r == nil
	case []byte:
		return r == nil
	}
	return false
}

// stringIter iterates over the runes of a string.
type stringIter struct {
	s   string
	pos int
}

func newIter(t *rtype, x Value) Value {
	if t.kind == kString {
		return Value{r: &stringIter{s: x.str()}}
	}
	m, _ := x.r.(*mapObj)
	return Value{r: m.iter()}
}

func (it *Interp) next(in *inst, regs []Value) {
	switch iter := regs[in.a].r.(type) {
	case *stringIter:
		if iter.pos >= len(iter.s) {
			exhausted(in, regs)
			return
		}
		r, size := utf8.DecodeRuneInString(iter.s[iter.pos:])
		regs[in.dsts[0]] = mkBool(true)
		regs[in.dsts[1]] = mkInt(int64(iter.pos))
		regs[in.dsts[2]] = mkInt(int64(r))
		iter.pos += size
	case *mapIter:
		k, v, ok := iter.next()
		if !ok {
			exhausted(in, regs)
			return
		}
		regs[in.dsts[0]] = mkBool(true)
		regs[in.dsts[1]] = k
		regs[in.dsts[2]] = v
	}
}

// exhausted sets the results of a next whose iterator is done: false
// and the zero key and value. Every instruction writes all its results,
// which SSA construction and its validator rely on (a register defined
// by a next and before it must not keep its earlier value).
func exhausted(in *inst, regs []Value) {
	regs[in.dsts[0]] = mkBool(false)
	regs[in.dsts[1]] = zero(in.dstTs[1])
	regs[in.dsts[2]] = zero(in.dstTs[2])
}
