// This file implements type assertions and the method-set test they
// need.

package interp

import (
	"go/types"
	"sync"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// asserts reports whether the interface value x holds a value of type
// target, or of one implementing it if it is an interface; if not and
// x is not nil, missing names the method target has and x's type lacks.
func (it *Interp) asserts(x *iface, target *rtype) (ok bool, missing string) {
	switch {
	case x == nil:
		return false, ""
	case target.kind == kInterface:
		missing = it.missingMethod(x.t, target)
		return missing == "", missing
	}
	return x.t == target, ""
}

// asserted is the result of asserting the interface value v (holding x)
// to target, which it satisfies.
func asserted(v Value, x *iface, target *rtype) Value {
	if target.kind == kInterface {
		return v
	}
	return x.v
}

func (it *Interp) typeAssert(g *goroutine, in *inst, regs []Value) {
	x := regs[in.a].iface()
	target := in.t
	ok, missing := it.asserts(x, target)
	commaOk := len(in.dsts) == 2
	if ok {
		regs[in.dst] = asserted(regs[in.a], x, target)
	} else if commaOk {
		regs[in.dst] = zero(target)
	} else {
		iface, concrete := in.xt.name, ""
		if x != nil {
			concrete = x.t.name
		} else if target.kind == kInterface {
			// The runtime's assertion to an interface type does not
			// know the static type: "interface is nil".
			iface = ""
		}
		it.raiseRuntime(g, rt.NewTypeAssertionError(iface, concrete, target.name, missing))
	}
	if commaOk {
		regs[in.dsts[1]] = mkBool(ok)
	}
}

var missingCache sync.Map // [2]*rtype → string

// missingMethod returns the name of a method of interface type iface
// that the dynamic type dyn lacks, or "".
func (it *Interp) missingMethod(dyn, iface *rtype) string {
	key := [2]*rtype{dyn, iface}
	if m, ok := missingCache.Load(key); ok {
		return m.(string)
	}
	it2 := iface.t.Underlying().(*types.Interface)
	missing := ""
	if dyn.kind == kReal {
		for i := 0; i < it2.NumMethods(); i++ {
			if _, ok := dyn.real.MethodByName(it2.Method(i).Name()); !ok {
				missing = it2.Method(i).Name()
				break
			}
		}
	} else if m, _ := types.MissingMethod(dyn.t, it2, true); m != nil {
		missing = m.Name()
	}
	missingCache.Store(key, missing)
	return missing
}
