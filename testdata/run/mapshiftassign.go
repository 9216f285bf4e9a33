// run

// gc performs m[k] <<= s and m[k] >>= s as one mapassign, then the
// shift: with a negative count the shift panics after mapassign has put
// k in the map (zero if it was not there, its value unchanged if it
// was), which a recover shows. Keys that may be NaNs (each write adds a
// new one) are left out of the panicking cases: vssa writes those once.
// Found by review, comparing with gc.

package main

import (
	"fmt"
	"math"
)

var neg, one = -1, 1

func try(name string, f func()) {
	defer func() {
		fmt.Printf("%s: %v\n", name, recover())
	}()
	f()
}

type key struct {
	s string
	n int
}

func main() {
	m := map[string]int{"had": 5}
	try("new <<=", func() { m["new"] <<= neg })
	try("new >>=", func() { m["new2"] >>= neg })
	try("had <<=", func() { m["had"] <<= neg })
	try("ok <<=", func() { m["ok"] <<= one })
	fmt.Println(len(m), m["new"], m["new2"], m["had"], m["ok"])

	var u uint = 3
	try("unsigned count", func() { m["u"] <<= u })
	fmt.Println(len(m), m["u"])

	s := map[key]int8{}
	try("struct key", func() { s[key{"a", 1}] >>= int8(neg) })
	fmt.Println(len(s))

	f := map[float64]int{}
	try("nan key", func() { f[math.NaN()] <<= one })
	try("nan key again", func() { f[math.NaN()] <<= one })
	fmt.Println(len(f))

	var nilMap map[string]int
	try("nil map", func() { nilMap["x"] <<= neg })
}
