// This file implements sync.Map on interpreted values. The real Map
// would hold stand-ins of the program's values (boundary.go): a pointer
// stored and loaded back would be another pointer, to a struct without
// the program type's name (a type assertion on it fails), and encoding/
// json's caches of functions over reflect.Values could not be stored at
// all. So the interpreter keeps sync.Map a struct of its own (the
// Map's field m, unused otherwise, holds the entries once the Map is
// first used) and implements its methods with Go's map semantics: keys
// compared as interface values (an unhashable one panics as it does in a
// map), values compared by CompareAndSwap and CompareAndDelete with ==.

package interp

import "sync"

// syncMapField is the index of sync.Map's field m, checked against the
// loaded type by interpretedStruct.
const syncMapField = 1

// syncMap is the state of one sync.Map.
type syncMap struct {
	mu      sync.Mutex
	entries map[any]*syncMapEntry // by the key's canonical form (Interp.key)
	order   []*syncMapEntry       // Range's order: insertion, deleted ones skipped
}

type syncMapEntry struct {
	k, v    Value
	deleted bool
}

// syncMapInit serialises the first use of each Map.
var syncMapInit sync.Mutex

// syncMapOf returns the state of the Map p points to, made on first use;
// a nil p panics as Go's methods do.
func (it *Interp) syncMapOf(g *goroutine, p Value) *syncMap {
	if _, real := p.r.(*realPtr); real {
		panic(unsupportedf("sync.Map in the memory of the standard library"))
	}
	c := p.cell()
	if c == nil {
		it.raiseRuntime(g, errNilDeref)
	}
	syncMapInit.Lock()
	defer syncMapInit.Unlock()
	fields := c.slice()
	if m, ok := fields[syncMapField].r.(*syncMap); ok {
		return m
	}
	m := &syncMap{entries: map[any]*syncMapEntry{}}
	fields[syncMapField] = Value{r: m}
	return m
}

// The methods below hold the Map's lock for the whole operation:
// hashing a key and comparing values run no program code (an
// unhashable or uncomparable value panics, and the deferred unlock
// runs), so no program code runs under the lock but Range's function,
// which runs outside it.

func (m *syncMap) load(key any) (Value, bool) {
	if e := m.entries[key]; e != nil {
		return e.v, true
	}
	return Value{}, false
}

func (m *syncMap) store(key any, k, v Value) (previous Value, loaded bool) {
	if e := m.entries[key]; e != nil {
		previous, e.v = e.v, v
		return previous, true
	}
	e := &syncMapEntry{k: k, v: v}
	m.entries[key] = e
	m.order = append(m.order, e)
	return Value{}, false
}

func (m *syncMap) delete(key any) (value Value, loaded bool) {
	e := m.entries[key]
	if e == nil {
		return Value{}, false
	}
	delete(m.entries, key)
	e.deleted = true
	if len(m.order) > 2*len(m.entries)+8 {
		live := m.order[:0]
		for _, e := range m.order {
			if !e.deleted {
				live = append(live, e)
			}
		}
		clear(m.order[len(live):])
		m.order = live
	}
	return e.v, true
}

// syncMapMethod makes the intrinsic of a method of sync.Map from its
// body, which runs under the Map's lock with the key hashed.
func syncMapMethod(body func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value) func(*Interp, *goroutine, []Value) []Value {
	return func(it *Interp, g *goroutine, args []Value) []Value {
		m := it.syncMapOf(g, args[0])
		m.mu.Lock()
		defer m.mu.Unlock()
		var key any
		if len(args) > 1 {
			key = it.key(g, it.types.of(anyRType), args[1])
		}
		return body(it, g, m, key, args)
	}
}

func init() {
	intrinsics["(*sync.Map).Load"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		v, ok := m.load(key)
		return []Value{v, mkBool(ok)}
	})
	intrinsics["(*sync.Map).Store"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		m.store(key, args[1], args[2])
		return nil
	})
	intrinsics["(*sync.Map).Swap"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		previous, loaded := m.store(key, args[1], args[2])
		return []Value{previous, mkBool(loaded)}
	})
	intrinsics["(*sync.Map).LoadOrStore"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		if v, ok := m.load(key); ok {
			return []Value{v, mkBool(true)}
		}
		m.store(key, args[1], args[2])
		return []Value{args[2], mkBool(false)}
	})
	intrinsics["(*sync.Map).LoadAndDelete"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		v, loaded := m.delete(key)
		return []Value{v, mkBool(loaded)}
	})
	intrinsics["(*sync.Map).Delete"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		m.delete(key)
		return nil
	})
	intrinsics["(*sync.Map).Clear"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, _ any, args []Value) []Value {
		for _, e := range m.order {
			e.deleted = true
		}
		m.entries, m.order = map[any]*syncMapEntry{}, nil
		return nil
	})
	// The current value and old are compared as interface values: an
	// uncomparable dynamic type panics, as in Go (only when the key is
	// present, as in Go's Map).
	intrinsics["(*sync.Map).CompareAndSwap"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		cur, ok := m.load(key)
		if !ok || !it.equal(g, it.types.of(anyRType), cur, args[2]) {
			return []Value{mkBool(false)}
		}
		m.store(key, args[1], args[3])
		return []Value{mkBool(true)}
	})
	intrinsics["(*sync.Map).CompareAndDelete"] = syncMapMethod(func(it *Interp, g *goroutine, m *syncMap, key any, args []Value) []Value {
		cur, ok := m.load(key)
		if !ok || !it.equal(g, it.types.of(anyRType), cur, args[2]) {
			return []Value{mkBool(false)}
		}
		m.delete(key)
		return []Value{mkBool(true)}
	})
	// Range calls f on a snapshot of the entries, outside the lock (f
	// may use the Map), skipping those deleted meanwhile and reading
	// each one's value when it comes: Go's Range promises no more.
	intrinsics["(*sync.Map).Range"] = func(it *Interp, g *goroutine, args []Value) []Value {
		m := it.syncMapOf(g, args[0])
		m.mu.Lock()
		snapshot := append([]*syncMapEntry(nil), m.order...)
		m.mu.Unlock()
		for _, e := range snapshot {
			m.mu.Lock()
			k, v, deleted := e.k, e.v, e.deleted
			m.mu.Unlock()
			if deleted {
				continue
			}
			if res := it.callValue(g, args[1], []Value{k, v}, nil); !res[0].bool() {
				break
			}
		}
		return nil
	}
}
