// This file implements maps.Clone's runtime half: maps.Clone is
// interpreted from its source (see bridge/source.go), which calls
// maps.clone, a function the runtime provides.

package interp

func init() {
	// clone(m any) any returns a copy of the map m holds, of the same
	// type (maps.Clone has returned nil for a nil map already).
	intrinsics["maps.clone"] = func(it *Interp, g *goroutine, args []Value) []Value {
		x := args[0].iface()
		if x == nil || x.t.kind != kMap {
			panic(unsupportedf("maps.clone of a value that is not a map"))
		}
		m, _ := x.v.r.(*mapObj)
		if m == nil {
			return []Value{args[0]}
		}
		c := &mapObj{kt: m.kt, vt: m.vt, m: make(map[any]*mapEntry, len(m.m))}
		for key, e := range m.m {
			c.m[key] = &mapEntry{k: copyVal(m.kt, e.k), v: copyVal(m.vt, e.v)}
		}
		return []Value{{r: &iface{t: x.t, v: Value{r: c}}}}
	}
}
