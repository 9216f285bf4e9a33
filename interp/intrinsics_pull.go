// This file implements iter.Pull and iter.Pull2. They are generic (an
// instantiation with the program's types exists only in the program)
// and run seq as a coroutine of the runtime's. The real Pull and Pull2
// on the interpreter's values do: the interpreted seq runs in the
// coroutine, calling a yield that is the real one, so the states,
// checks and panics are the real ones ("iter.Pull: next called again
// before yield"; a panic of seq comes back from next or stop as a new
// panic of its value, which Pull recovered in the coroutine).

package interp

import (
	"go/types"
	"iter"
	"strings"
)

// pullIntrinsic returns the intrinsic of name, an instantiation of
// iter.Pull or iter.Pull2 of signature sig; ok is false for another
// function.
func pullIntrinsic(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	two := strings.HasPrefix(name, "iter.Pull2[")
	if !two && !strings.HasPrefix(name, "iter.Pull[") || sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return nil, false
	}
	seqSig, ok1 := sig.Params().At(0).Type().Underlying().(*types.Signature)
	nextSig, ok2 := sig.Results().At(0).Type().Underlying().(*types.Signature)
	stopSig, ok3 := sig.Results().At(1).Type().Underlying().(*types.Signature)
	if !ok1 || !ok2 || !ok3 || seqSig.Params().Len() != 1 {
		return nil, false
	}
	yieldSig, ok := seqSig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		return nil, false
	}
	return func(it *Interp, g *goroutine, args []Value) []Value {
		seq, _ := args[0].r.(*closure)
		if seq == nil {
			panic(unsupportedf("%s of a nil or standard library function", name))
		}
		// run calls seq with yield made an interpreted function.
		run := func(yield func(in []Value) bool) {
			y := wrapperFunc(name+".yield", yieldSig, func(it *Interp, g *goroutine, in []Value, _ *goPanic) []Value {
				var ok bool
				func() {
					defer it.realPanic(g) // the real yield's panics
					ok = yield(in)
				}()
				return []Value{mkBool(ok)}
			})
			it.callFromReal(seq.fn, seq.env, []Value{y})
		}
		var next func() ([]Value, bool)
		var stop func()
		if two {
			n, s := iter.Pull2(func(yield func(Value, Value) bool) {
				run(func(in []Value) bool { return yield(in[0], in[1]) })
			})
			next = func() ([]Value, bool) { k, v, ok := n(); return []Value{k, v}, ok }
			stop = s
		} else {
			n, s := iter.Pull(func(yield func(Value) bool) {
				run(func(in []Value) bool { return yield(in[0]) })
			})
			next = func() ([]Value, bool) { v, ok := n(); return []Value{v}, ok }
			stop = s
		}
		nextFn := wrapperFunc(name+".next", nextSig, func(it *Interp, g *goroutine, _ []Value, _ *goPanic) []Value {
			var vals []Value
			var ok bool
			it.fromCoroutine(g, func() { vals, ok = next() })
			out := make([]Value, len(vals)+1)
			for i, v := range vals {
				t := it.types.of(nextSig.Results().At(i).Type())
				if ok {
					out[i] = copyVal(t, v)
				} else {
					out[i] = zero(t)
				}
			}
			out[len(vals)] = mkBool(ok)
			return out
		})
		stopFn := wrapperFunc(name+".stop", stopSig, func(it *Interp, g *goroutine, _ []Value, _ *goPanic) []Value {
			it.fromCoroutine(g, stop)
			return nil
		})
		return []Value{nextFn, stopFn}
	}, true
}

// fromCoroutine runs resume (next or stop of a real Pull) for goroutine
// g. A program's panic in the coroutine, which Pull recovered there,
// comes back as a new panic of its value in g, as Pull raises it; a
// runtime.Goexit of seq goes on in g, as Pull's does; the real code's
// own panics are realPanic's.
func (it *Interp) fromCoroutine(g *goroutine, resume func()) {
	defer it.realPanic(g)
	defer func() {
		if r := recover(); r != nil {
			if p, ok := r.(*goPanic); ok {
				if p.goexit {
					panic(&goPanic{goexit: true, link: g.panic, raisedIn: g.top})
				}
				it.raise(g, p.val)
			}
			panic(r)
		}
	}()
	resume()
}
