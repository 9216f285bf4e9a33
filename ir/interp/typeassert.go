// This file implements type assertions and the method-set test they
// need.

package interp

import (
	"go/types"
	"sync"

	rt "github.com/vssa-go/vssa/ir/interp/internal/runtime"
)

func (it *Interp) typeAssert(g *goroutine, in *inst, regs []Value) {
	x := regs[in.a].iface()
	target := in.t
	missing := ""
	ok := x != nil
	if ok {
		if target.kind == kInterface {
			missing = it.missingMethod(x.t, target)
			ok = missing == ""
		} else {
			ok = x.t == target
		}
	}
	commaOk := len(in.dsts) == 2
	if ok {
		if target.kind == kInterface {
			regs[in.dst] = regs[in.a]
		} else {
			regs[in.dst] = x.v
		}
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
