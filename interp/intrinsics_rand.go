// This file implements math/rand/v2.N, generic: its instantiations
// with the program's types exist only in the program, and its body
// (from source) calls the package's unexported generator. N(n) is
// the global generator's uint64n(n), as Uint64N, after N's own check.

package interp

import (
	"go/types"
	"math/rand/v2"
	"strings"
)

// randN returns the intrinsic of name, an instantiation of
// math/rand/v2.N of signature sig; ok is false for another function.
func randN(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	if !strings.HasPrefix(name, "math/rand/v2.N[") || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return nil, false
	}
	b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return nil, false
	}
	signed := b.Info()&types.IsUnsigned == 0
	return func(it *Interp, g *goroutine, args []Value) []Value {
		n := args[0].n // sign-extended if signed, as the interpreter keeps integers
		if n == 0 || signed && int64(n) < 0 {
			it.raiseString(g, "invalid argument to N")
		}
		return []Value{{n: rand.Uint64N(n)}}
	}, true
}
