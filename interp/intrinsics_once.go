// This file implements sync.OnceValue and sync.OnceValues. They are
// generic: an instantiation with the program's types exists only in
// the program, and the standard library is not built from source. Each
// is sync.OnceFunc of a call that keeps f's results, which is what the
// real ones are (the same Once, the same panics: f's panic again on
// every call), so the real OnceFunc runs them.

package interp

import (
	"go/types"
	"strings"
	"sync"
)

// onceValues returns the intrinsic of name, an instantiation of
// sync.OnceValue or sync.OnceValues of signature sig; ok is false for
// another function.
func onceValues(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	if !strings.HasPrefix(name, "sync.OnceValue[") && !strings.HasPrefix(name, "sync.OnceValues[") || sig.Results().Len() != 1 {
		return nil, false
	}
	made, ok := sig.Results().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		return nil, false
	}
	return func(it *Interp, g *goroutine, args []Value) []Value {
		f, _ := args[0].r.(*closure)
		if f == nil {
			panic(unsupportedf("%s of a nil or standard library function", name))
		}
		var results []Value
		once := sync.OnceFunc(func() { results = it.callFromReal(f.fn, f.env, nil) })
		return []Value{wrapperFunc(name+"$1", made, func(it *Interp, g *goroutine, _ []Value, _ *goPanic) []Value {
			func() {
				defer it.realPanic(g) // f's panic, as a new panic of its value
				once()
			}()
			out := make([]Value, len(results))
			for i, r := range results {
				out[i] = copyVal(it.types.of(made.Results().At(i).Type()), r)
			}
			return out
		})}
	}, true
}
