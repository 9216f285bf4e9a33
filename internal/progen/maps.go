// This file writes the map functions: maps keyed by integers, strings
// with invalid UTF-8, floats (NaN keys are all different, -0 and +0 are
// one key), arrays, structs and interfaces (where an unhashable dynamic
// type panics); lookups, deletion (also of the current key while
// ranging), clear, nil maps. Go's iteration order is random, so a
// program never prints in it: it prints the map with fmt (which sorts
// the keys), or sorted or aggregated results.

package progen

import "fmt"

// A mapKey is a key type of the generated maps.
type mapKey struct {
	name  string
	value func(g *gen) string // returns a random key, as Go source
	// printable reports that fmt prints a map with such keys in an
	// order that does not depend on the implementation: fmt sorts
	// interface keys by their dynamic types' addresses first.
	printable bool
}

var mapKeys = []mapKey{
	{"int8", func(g *gen) string { return g.value(int8T) }, true},
	{"uint64", func(g *gen) string { return g.value(uint64T) }, true},
	{"int", func(g *gen) string { return g.value(intT) }, true},
	{"string", (*gen).stringValue, true},
	// fmt sorts NaN keys before the others but leaves them in the
	// iteration order among themselves.
	{"float64", func(g *gen) string { return g.value(float64T) }, false},
	{"float32", func(g *gen) string { return g.value(float32T) }, false},
	{"[2]int8", func(g *gen) string { return fmt.Sprintf("[2]int8{%s, %s}", g.value(int8T), g.value(int8T)) }, true},
	{"struct {a float64; s string}", func(g *gen) string {
		return fmt.Sprintf("struct {a float64; s string}{%s, %s}", g.value(float64T), g.stringValue())
	}, false},
	{"any", (*gen).anyKey, false},
}

// anyKey returns a key of a map[any]: a value of a random dynamic type,
// equal values of different types being different keys; sometimes a
// slice, which cannot be a key (the map operation panics).
func (g *gen) anyKey() string {
	switch g.r.IntN(10) {
	case 0:
		return "[]int{1}"
	case 1:
		return "nil"
	case 2, 3:
		return g.typedValue(float64T)
	case 4:
		return g.stringValue()
	case 5:
		return "int8(" + g.intConst(int8T) + ")"
	case 6:
		return "[1]any{" + g.typedValue(float64T) + "}"
	}
	return g.intConst(intT)
}

// mapFunc writes a function filling a map and looking it up.
func (g *gen) mapFunc(name string) string {
	f := g.newFn(name)
	key := mapKeys[g.r.IntN(len(mapKeys))]
	keys := make([]string, 4+f.intn(4))
	for x := range keys {
		keys[x] = f.param(key.name, key.value(g))
	}
	randKey := func() string { return pick(g, keys...) }
	const m = "m"
	if f.intn(8) == 0 {
		// Reading a nil map gives zero values; writing it panics.
		f.stmt("var %s map[%s]int", m, key.name)
	} else {
		f.stmt("%s := map[%s]int{}", m, key.name)
	}
	dump := func(what string) {
		if key.printable && f.intn(2) == 0 {
			f.stmt("fmt.Println(%q, len(%s), %s)", f.name+" "+what, m, m)
			return
		}
		// Sorted "key=value" strings: the same whatever the iteration order.
		f.g.use("sort")
		ks := f.local("ks")
		f.stmt("%s := []string{}\nfor k, v := range %s {\n%s = append(%s, fmt.Sprintf(\"%%T:%%v=%%d\", k, k, v))\n}\nsort.Strings(%s)", ks, m, ks, ks, ks)
		f.stmt("fmt.Println(%q, len(%s), %s)", f.name+" "+what, m, ks)
	}
	for range 2 + f.intn(3) {
		f.stmt("%s[%s] = %d", m, randKey(), f.intn(100))
	}
	for range 3 + f.intn(6) {
		end := f.block()
		switch f.intn(12) {
		case 0, 1, 2:
			f.stmt("%s[%s] = %d", m, randKey(), f.intn(100))
		case 3:
			f.stmt("%s[%s]++", m, randKey())
		case 4:
			v, ok := f.local("v"), f.local("ok")
			f.stmt("%s, %s := %s[%s]", v, ok, m, randKey())
			f.stmt("fmt.Println(%q, %s, %s)", f.name+" lookup", v, ok)
		case 5:
			f.stmt("delete(%s, %s)", m, randKey())
			dump("deleted")
		case 6:
			// Deleting the current key during the range is deterministic;
			// adding keys is not, and is never done.
			n := f.local("n")
			f.stmt("%s := 0\nfor k, v := range %s {\nif v%%2 == %d {\ndelete(%s, k)\n%s++\n}\n}", n, m, f.intn(2), m, n)
			f.stmt("fmt.Println(%q, %s)", f.name+" deleted in range", n)
			dump("after range")
		case 7:
			sum, cnt := f.local("sum"), f.local("count")
			f.stmt("%s, %s := 0, 0\nfor _, v := range %s {\n%s += v\n%s++\n}", sum, cnt, m, sum, cnt)
			f.stmt("fmt.Println(%q, %s, %s, len(%s))", f.name+" sum", sum, cnt, m)
		case 8:
			f.stmt("clear(%s)", m)
			dump("cleared")
		case 9:
			// A map value is a copy; a map assigned is the same map.
			alias := f.local("alias")
			f.stmt("%s := %s\n%s[%s] = %d", alias, m, alias, randKey(), 100+f.intn(100))
			f.stmt("fmt.Println(%q, len(%s), len(%s))", f.name+" "+alias, m, alias)
		default:
			dump("map")
		}
		end()
	}
	dump("final")
	return f.finish()
}
