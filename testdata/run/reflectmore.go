// run

// More of reflect on the program's values: TypeFor, TypeAssert,
// FieldByIndex(Err) through embedded pointers, Grow/SetLen/SetCap/
// SetBytes, the Overflow methods, Type.Bits, StructField.IsExported,
// with reflect's panics and errors.

package main

import (
	"fmt"
	"reflect"
)

type Inner struct{ X int }

type Outer struct {
	*Inner
	Y      int
	hidden string
}

type Stringer interface{ String() string }

type Name string

func (n Name) String() string { return "name:" + string(n) }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic %T %v\n", name, r, r)
		}
	}()
	f()
}

func main() {
	fmt.Println(reflect.TypeFor[Outer](), reflect.TypeFor[*Inner]().Elem().Name(), reflect.TypeFor[Stringer]().Kind())

	v := reflect.ValueOf(Name("n"))
	s, ok := reflect.TypeAssert[Stringer](v)
	fmt.Println(s, ok)
	n, ok := reflect.TypeAssert[Name](v)
	fmt.Println(n, ok)
	i, ok := reflect.TypeAssert[int](v)
	fmt.Println(i, ok)
	try("TypeAssert zero", func() { reflect.TypeAssert[int](reflect.Value{}) })
	try("TypeAssert unexported", func() {
		reflect.TypeAssert[string](reflect.ValueOf(Outer{}).Field(2))
	})

	o := Outer{Y: 2}
	ov := reflect.ValueOf(&o).Elem()
	fmt.Println(ov.FieldByIndex([]int{1}))
	_, err := ov.FieldByIndexErr([]int{0, 0})
	fmt.Println(err)
	try("FieldByIndex nil", func() { ov.FieldByIndex([]int{0, 0}) })
	try("FieldByIndex non-struct", func() { reflect.ValueOf(3).FieldByIndex([]int{0, 0}) })
	o.Inner = &Inner{7}
	f, err := ov.FieldByIndexErr([]int{0, 0})
	fmt.Println(f, err)
	f.SetInt(8)
	fmt.Println(o.X)

	sl := []int{1, 2, 3}
	sv := reflect.ValueOf(&sl).Elem()
	sv.Grow(10)
	fmt.Println(len(sl), cap(sl) >= 13, sv.Len())
	sv.SetLen(5)
	fmt.Println(sl)
	sv.SetCap(6)
	fmt.Println(len(sl), cap(sl))
	try("SetLen too long", func() { sv.SetLen(7) })
	try("SetCap too small", func() { sv.SetCap(4) })
	try("Grow negative", func() { sv.Grow(-1) })
	try("Grow unaddressable", func() { reflect.ValueOf(sl).Grow(1) })
	b := []byte("ab")
	reflect.ValueOf(&b).Elem().SetBytes([]byte("xyz"))
	fmt.Println(string(b))

	var i8 int8
	var u16 uint16
	var f32 float32
	fmt.Println(reflect.ValueOf(i8).OverflowInt(127), reflect.ValueOf(i8).OverflowInt(128), reflect.ValueOf(i8).OverflowInt(-129))
	fmt.Println(reflect.ValueOf(u16).OverflowUint(65535), reflect.ValueOf(u16).OverflowUint(65536))
	fmt.Println(reflect.ValueOf(f32).OverflowFloat(1e38), reflect.ValueOf(f32).OverflowFloat(1e39), reflect.ValueOf(1.0).OverflowFloat(1e300))
	try("OverflowInt on uint", func() { reflect.ValueOf(u16).OverflowInt(1) })
	fmt.Println(reflect.TypeFor[int16]().Bits(), reflect.TypeFor[complex64]().Bits(), reflect.TypeFor[uintptr]().Bits())
	try("Bits of struct", func() { reflect.TypeFor[Inner]().Bits() })
	t := reflect.TypeFor[Outer]()
	for i := 0; i < t.NumField(); i++ {
		fmt.Println(t.Field(i).Name, t.Field(i).IsExported())
	}
}
