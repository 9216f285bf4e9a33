// run

// reflect.Value's IsZero (floats by ==, so -0 is zero and NaN is
// not), Slice of slices, addressable arrays and strings, Bytes, Equal,
// Comparable and SetZero.

package main

import (
	"fmt"
	"math"
	"reflect"
)

type P struct {
	A int
	B string
	C []int
	F float64
}

type Q struct {
	F float64
	S []int
}
type R struct {
	F float64
	G float64
}

func main() {
	fmt.Println(reflect.ValueOf(P{}).IsZero(), reflect.ValueOf(P{F: math.Copysign(0, -1)}).IsZero(), reflect.ValueOf(P{C: []int{}}).IsZero())
	s := []int{1, 2, 3, 4}
	v := reflect.ValueOf(s).Slice(1, 3)
	fmt.Println(v.Len(), v.Cap(), v.Index(0).Int(), v.Interface())
	fmt.Println(reflect.ValueOf("hello").Slice(1, 3).Interface(), reflect.ValueOf([]byte("hi")).Bytes())
	fmt.Println(reflect.ValueOf(1).Equal(reflect.ValueOf(1)), reflect.ValueOf(P{}).Comparable())
	p := &P{A: 3}
	reflect.ValueOf(p).Elem().SetZero()
	fmt.Println(*p)
	var arr [3]int
	reflect.ValueOf(&arr).Elem().Slice(0, 2).Index(1).SetInt(7)
	fmt.Println(arr)
	nz := math.Copysign(0, -1)
	fmt.Println(reflect.ValueOf(nz).IsZero(), reflect.ValueOf([2]float64{nz, 0}).IsZero(), reflect.ValueOf(Q{F: nz}).IsZero(), reflect.ValueOf(R{F: nz}).IsZero(), reflect.ValueOf(complex(nz, 0)).IsZero())
	fmt.Println(reflect.ValueOf([2]float64{math.NaN(), 0}).IsZero())
}
