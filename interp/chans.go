// This file implements channels as real Go channels of Values, so that
// blocking, closing, select and the detection of deadlocks are Go's own.

package interp

import (
	"go/types"
	"reflect"

	"github.com/vssa-go/vssa/ir"
)

func (it *Interp) makeChan(g *goroutine, in *inst, size Value) Value {
	return it.newChan(g, in.t.elem, int64(size.n))
}

// newChan makes a channel of n elements of type elem, as the runtime's
// makechan.
func (it *Interp) newChan(g *goroutine, elem *rtype, n int64) Value {
	// A size is bad if it is negative (as an int) or its buffer would
	// exceed maxAlloc with the channel's header; the buffer of
	// zero-size elements takes no memory.
	elemSize := uint64(elem.size)
	if n < 0 || elemSize > 0 && uint64(n) > (maxAlloc-hchanSize)/elemSize {
		it.raiseRuntime(g, errMakechan)
	}
	if n > maxElems {
		panic(unsupportedf("channel buffer of %d elements", n))
	}
	return Value{r: make(chan Value, n)}
}

// hchanSize is the size of the runtime's channel header on amd64
// (unsafe.Sizeof(hchan{}) in Go 1.26, a multiple of 8).
const hchanSize = 112

// chanPanic converts the panic of a channel operation on a closed
// channel into the interpreted run-time error.
func (it *Interp) chanPanic(g *goroutine) {
	r := recover()
	if r == nil {
		return
	}
	if e, ok := r.(error); ok {
		switch e.Error() {
		case errSendClosed.Error():
			it.raiseRuntime(g, errSendClosed)
		case errCloseClosed.Error():
			it.raiseRuntime(g, errCloseClosed)
		}
	}
	panic(r)
}

// realChan is a channel made by real code (time.After, context.Done),
// whose element type is a real one.
type realChan struct {
	v    reflect.Value
	elem *rtype
}

func (it *Interp) send(g *goroutine, ch, v Value) {
	defer it.chanPanic(g)
	if rc, ok := ch.r.(*realChan); ok {
		rc.v.Send(it.toReal(g, rc.elem, v, rc.v.Type().Elem()))
		return
	}
	c, _ := ch.r.(chan Value)
	c <- v // a nil channel blocks forever, as in Go
}

// recv receives from ch, whose elements are of type elem: on a closed
// channel, elem's zero value (fresh storage for an aggregate).
func (it *Interp) recv(g *goroutine, ch Value, elem *rtype) (Value, bool) {
	if rc, ok := ch.r.(*realChan); ok {
		x, ok := rc.v.Recv()
		if !ok {
			return zero(rc.elem), false
		}
		return it.fromReal(x, rc.elem), true
	}
	c, _ := ch.r.(chan Value)
	v, ok := <-c
	if !ok {
		return zero(elem), false
	}
	return v, ok
}

func (it *Interp) closeChan(g *goroutine, ch Value) {
	if ch.r == nil {
		it.raiseRuntime(g, errCloseNil)
	}
	defer it.chanPanic(g)
	if rc, ok := ch.r.(*realChan); ok {
		rc.v.Close()
		return
	}
	close(ch.r.(chan Value))
}

// selectOp runs a select: results are the chosen state's index (-1 for
// the default of a non-blocking select), whether a receive got a value,
// and one received value per receive state.
func (it *Interp) selectOp(g *goroutine, in *inst, regs []Value) {
	var cases []reflect.SelectCase
	var recvIndex []int // state → position among receive states, or -1
	k := 0
	nrecv := 0
	var real []*realChan // per state, for conversions
	for _, dir := range in.dirs {
		var cv reflect.Value
		rc, isReal := regs[in.args[k]].r.(*realChan)
		if isReal {
			cv = rc.v
		} else {
			c, _ := regs[in.args[k]].r.(chan Value)
			cv = reflect.ValueOf(c)
		}
		real = append(real, rc)
		if dir == types.SendOnly {
			send := reflect.ValueOf(regs[in.args[k+1]])
			if isReal {
				send = it.toReal(g, rc.elem, regs[in.args[k+1]], rc.v.Type().Elem())
			}
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectSend, Chan: cv, Send: send})
			recvIndex = append(recvIndex, -1)
			k += 2
		} else {
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: cv})
			recvIndex = append(recvIndex, nrecv)
			nrecv++
			k++
		}
	}
	if in.flags&ir.FlagBlocking == 0 {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	chosen, recv, recvOK := it.doSelect(g, cases)
	if chosen == len(in.dirs) {
		chosen = -1
	}
	regs[in.dsts[0]] = mkInt(int64(chosen))
	regs[in.dsts[1]] = mkBool(recvOK)
	for i := 0; i < nrecv; i++ {
		regs[in.dsts[2+i]] = zero(in.dstTs[2+i])
	}
	if chosen >= 0 && recvIndex[chosen] >= 0 && recvOK {
		if rc := real[chosen]; rc != nil {
			regs[in.dsts[2+recvIndex[chosen]]] = it.fromReal(recv, rc.elem)
		} else {
			regs[in.dsts[2+recvIndex[chosen]]] = recv.Interface().(Value)
		}
	}
}

func (it *Interp) doSelect(g *goroutine, cases []reflect.SelectCase) (int, reflect.Value, bool) {
	defer it.chanPanic(g)
	return reflect.Select(cases)
}

// trySend sends v on ch if that does not block (reflect's TrySend): a
// nil channel is never ready, a closed one panics.
func (it *Interp) trySend(g *goroutine, ch, v Value) bool {
	defer it.chanPanic(g)
	switch c := ch.r.(type) {
	case *realChan:
		return c.v.TrySend(it.toReal(g, c.elem, v, c.v.Type().Elem()))
	case chan Value:
		select {
		case c <- v:
			return true
		default:
		}
	}
	return false
}

// tryRecv receives from ch if that does not block (reflect's TryRecv):
// selected is false when it would; a closed channel gives elem's zero
// value.
func (it *Interp) tryRecv(ch Value, elem *rtype) (x Value, ok, selected bool) {
	switch c := ch.r.(type) {
	case *realChan:
		x, ok := c.v.TryRecv()
		switch {
		case !x.IsValid():
			return Value{}, false, false
		case !ok:
			return zero(c.elem), false, true
		}
		return it.fromReal(x, c.elem), true, true
	case chan Value:
		select {
		case v, ok := <-c:
			if !ok {
				return zero(elem), false, true
			}
			return v, true, true
		default:
		}
	}
	return Value{}, false, false
}
