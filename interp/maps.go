// This file implements maps on top of Go maps: each key is turned into a
// canonical comparable Go value with the same equality as the key (so
// NaN keys never match and +0 == -0), and Go's own map gives the
// randomised iteration order and the rules for changes during iteration.

package interp

import (
	"reflect"

	"github.com/vssa-go/vssa/interp/internal/maps"
	rt "github.com/vssa-go/vssa/interp/internal/runtime"
	"github.com/vssa-go/vssa/ir"
)

type mapObj struct {
	kt, vt *rtype
	m      map[any]*mapEntry
}

type mapEntry struct{ k, v Value }

func newMap(t *rtype) *mapObj {
	return &mapObj{kt: t.key, vt: t.elem, m: map[any]*mapEntry{}}
}

// ifaceKey is the canonical key of an interface value: its dynamic type
// and the canonical key of its dynamic value.
type ifaceKey struct {
	typ int
	k   any
}

// consKey builds canonical keys of arrays and structs as lists.
type consKey struct{ head, tail any }

// bytesKey is the canonical key of a packed array of elements equal
// when their bytes are: its bytes.
type bytesKey string

// key returns the canonical Go value of v (of type t) as a map key. A
// key holding an unhashable dynamic type panics, as in Go.
func (it *Interp) key(g *goroutine, t *rtype, v Value) any {
	switch t.kind {
	case kBool, kInt8, kInt16, kInt32, kInt64, kUint8, kUint16, kUint32, kUint64:
		return v.n
	case kFloat32, kFloat64:
		return v.float()
	case kComplex64, kComplex128:
		return v.complex()
	case kString:
		return v.str()
	case kPointer, kUnsafePointer:
		return it.pointerKey(t, v)
	case kChan:
		return v.r
	case kReal:
		return v.r.(reflect.Value).Interface()
	case kInterface:
		i := v.iface()
		if i == nil {
			return ifaceKey{}
		}
		if !i.t.comparable {
			it.raiseRuntime(g, rt.ErrorString("hash of unhashable type "+i.t.name))
		}
		return ifaceKey{i.t.id, it.key(g, i.t, i.v)}
	case kArray:
		if t.packed && bytewise(t.elem) {
			return bytesKey(v.bytes())
		}
		var k any
		xs := elems(t, v)
		for i := len(xs) - 1; i >= 0; i-- {
			k = consKey{it.key(g, t.elem, xs[i]), k}
		}
		return k
	case kStruct:
		var k any
		fields := v.slice()
		for i := len(fields) - 1; i >= 0; i-- {
			if !t.blank[i] {
				k = consKey{it.key(g, t.fields[i], fields[i]), k}
			}
		}
		return k
	}
	panic(unsupportedf("map key of type %s", t.name))
}

func (m *mapObj) len() int { return len(m.m) }

func (m *mapObj) set(it *Interp, g *goroutine, k, v Value) {
	key := it.key(g, m.kt, k)
	if e, ok := m.m[key]; ok {
		// Go's maps store the new key too: +0 replaces -0, and an
		// interface key its equal of another representation. For the
		// other key types the two are identical.
		e.k, e.v = k, v
		return
	}
	m.m[key] = &mapEntry{k: k, v: v}
}

func (m *mapObj) get(it *Interp, g *goroutine, k Value) (Value, bool) {
	key := it.key(g, m.kt, k)
	if e, ok := m.m[key]; ok {
		return e.v, true
	}
	return zero(m.vt), false
}

func (m *mapObj) delete(it *Interp, g *goroutine, k Value) {
	if m.len() == 0 {
		it.emptyMapKey(g, m.kt, k)
		return
	}
	delete(m.m, it.key(g, m.kt, k))
}

// emptyMapKey checks the key of a lookup or delete in a nil or empty
// map, which the runtime does not hash: a key holding an unhashable
// dynamic type panics with its mapKeyError, "hash of unhashable type:
// T" (in a map with entries, hashing panics with "runtime error: hash of
// unhashable type T" instead).
func (it *Interp) emptyMapKey(g *goroutine, t *rtype, v Value) {
	if bad := unhashable(t, v); bad != nil {
		it.raiseRuntime(g, maps.UnhashableTypeError(bad.name))
	}
}

// unhashable returns the first dynamic type in v (of type t) that is
// not comparable, in the order the runtime hashes, or nil.
func unhashable(t *rtype, v Value) *rtype {
	switch t.kind {
	case kInterface:
		i := v.iface()
		if i == nil {
			return nil
		}
		if !i.t.comparable {
			return i.t
		}
		return unhashable(i.t, i.v)
	case kArray:
		if t.packed {
			return nil // of scalars
		}
		for _, e := range v.slice() {
			if bad := unhashable(t.elem, e); bad != nil {
				return bad
			}
		}
	case kStruct:
		for i, f := range v.slice() {
			if bad := unhashable(t.fields[i], f); bad != nil && !t.blank[i] {
				return bad
			}
		}
	}
	return nil
}

func (it *Interp) lookup(g *goroutine, in *inst, regs []Value) {
	m, _ := regs[in.a].r.(*mapObj)
	var v Value
	ok := false
	switch {
	case in.flags&ir.FlagAssignLookup != 0:
		// The read of one map assignment (ir/doc.go): gc's mapassign
		// panics on a nil map before looking at the key (the update
		// after this does), and hashes the key of any other map.
		if m != nil {
			v, _ = m.get(it, g, regs[in.b])
		} else {
			v = zero(in.t)
		}
	case m != nil && m.len() > 0:
		v, ok = m.get(it, g, regs[in.b])
	default:
		it.emptyMapKey(g, in.argTs[1], regs[in.b])
		v = zero(in.t)
	}
	regs[in.dst] = v
	if len(in.dsts) == 2 {
		regs[in.dsts[1]] = mkBool(ok)
	}
}

// mapIter walks a map with Go's own iterator.
type mapIter struct {
	it *reflect.MapIter
}

func (m *mapObj) iter() *mapIter {
	if m == nil {
		return &mapIter{}
	}
	return &mapIter{it: reflect.ValueOf(m.m).MapRange()}
}

func (i *mapIter) next() (k, v Value, ok bool) {
	if i.it == nil || !i.it.Next() {
		return Value{}, Value{}, false
	}
	e := i.it.Value().Interface().(*mapEntry)
	return e.k, e.v, true
}
