// This file implements errors.Is, errors.As and errors.Unwrap inside the
// interpreter: they inspect dynamic types and call methods, which the
// real functions cannot do on program types (they would see stand-ins).
// The algorithms are those of package errors.

package interp

import "reflect"

func init() {
	intrinsics["errors.Is"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{mkBool(it.errorsIs(g, args[0].iface(), args[1].iface()))}
	}
	intrinsics["errors.As"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{mkBool(it.errorsAs(g, args[0].iface(), args[1].iface()))}
	}
	intrinsics["errors.Unwrap"] = func(it *Interp, g *goroutine, args []Value) []Value {
		e := args[0].iface()
		if e == nil {
			return []Value{{}}
		}
		if res, ok := it.callIfaceMethod(g, e, "Unwrap", nil); ok && res[0].iface() != nil && res[0].iface().t.kind != kSlice {
			return []Value{res[0]}
		}
		return []Value{{}}
	}
}

// callIfaceMethod calls method name of the dynamic value i if its type
// has it, and reports whether it did.
func (it *Interp) callIfaceMethod(g *goroutine, i *iface, name string, args []Value) ([]Value, bool) {
	if i.t.kind == kReal {
		m := i.v.r.(reflect.Value).MethodByName(name)
		if !m.IsValid() {
			return nil, false
		}
		mt := m.Type()
		real := make([]reflect.Value, len(args))
		c := &crossing{it: it, g: g}
		for k, a := range args {
			real[k] = c.toReal(it.types.of(anyRType), a, mt.In(k))
		}
		var out []reflect.Value
		func() {
			defer it.realPanic(g)
			out = m.Call(real)
		}()
		res := make([]Value, len(out))
		for k, o := range out {
			res[k] = it.fromReal(o, it.rtypeOfReal(mt.Out(k)))
		}
		return res, true
	}
	fn := it.method(i.t, name)
	if fn == nil {
		return nil, false
	}
	return it.call(g, fn, nil, append([]Value{i.v}, args...), nil), true
}

// unwrapAll returns the errors err wraps: Unwrap() error or
// Unwrap() []error.
func (it *Interp) unwrapAll(g *goroutine, e *iface) []*iface {
	res, ok := it.callIfaceMethod(g, e, "Unwrap", nil)
	if !ok || len(res) != 1 {
		return nil
	}
	if w := res[0].iface(); w != nil {
		return []*iface{w}
	}
	if s, ok := res[0].r.([]Value); ok {
		var out []*iface
		for _, v := range s {
			if w := v.iface(); w != nil {
				out = append(out, w)
			}
		}
		return out
	}
	return nil
}

func (it *Interp) errorsIs(g *goroutine, err, target *iface) bool {
	if err == nil || target == nil {
		return err == target
	}
	comparable := target.t.comparable
	for {
		if comparable && err.t == target.t && it.equal(g, err.t, err.v, target.v) {
			return true
		}
		if res, ok := it.callIfaceMethod(g, err, "Is", []Value{{r: target}}); ok && res[0].bool() {
			return true
		}
		next := it.unwrapAll(g, err)
		switch len(next) {
		case 0:
			return false
		case 1:
			err = next[0]
		default:
			for _, e := range next {
				if it.errorsIs(g, e, target) {
					return true
				}
			}
			return false
		}
	}
}

func (it *Interp) errorsAs(g *goroutine, err, target *iface) bool {
	if err == nil {
		return false
	}
	if target == nil || target.t.kind != kPointer || isNil(target.v) {
		it.raise(g, it.realIface("errors: target must be a non-nil pointer"))
	}
	targetType := target.t.elem
	errorT := it.types.of(errorIface)
	if targetType.kind != kInterface && it.missingMethod(targetType, errorT) != "" {
		it.raise(g, it.realIface("errors: *target must be interface or implement error"))
	}
	for {
		assignable := err.t == targetType
		if targetType.kind == kInterface {
			assignable = it.missingMethod(err.t, targetType) == ""
		}
		if assignable {
			v := err.v
			if targetType.kind == kInterface {
				v = Value{r: err}
			}
			it.storeThrough(targetType, target.v, v)
			return true
		}
		if res, ok := it.callIfaceMethod(g, err, "As", []Value{{r: target}}); ok && res[0].bool() {
			return true
		}
		next := it.unwrapAll(g, err)
		switch len(next) {
		case 0:
			return false
		case 1:
			err = next[0]
		default:
			for _, e := range next {
				if it.errorsAs(g, e, target) {
					return true
				}
			}
			return false
		}
	}
}

// storeThrough stores v (of type t) through the pointer p.
func (it *Interp) storeThrough(t *rtype, p, v Value) {
	switch c := p.r.(type) {
	case *Value:
		storeInto(t, c, v)
	case *realPtr:
		it.storeReal(t, c, v)
	}
}
