// run

// reflect's iterators over parts (Type.Fields, Methods, Ins, Outs;
// Value.Fields, Methods), CanSeq and CanSeq2, Type.FieldByIndex,
// FieldAlign, the Overflow methods of Type and Value.OverflowComplex,
// Value.CanInt and its kin, SetPointer, with reflect's panics.

package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

type Inner struct {
	Z int16
	W string
}

type Outer struct {
	A int
	*Inner
	b bool
}

func (Outer) Hello() string  { return "hello" }
func (*Outer) Bye(n int) int { return n + 1 }

type named int

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	ot := reflect.TypeOf(Outer{})
	for f := range ot.Fields() {
		fmt.Println("field", f.Name, f.Index, f.Type, f.Offset)
	}
	for m := range reflect.TypeOf(&Outer{}).Methods() {
		fmt.Println("method", m.Name, m.Type, m.Index)
	}
	ft := reflect.TypeOf(func(int, ...string) (bool, error) { return false, nil })
	for t := range ft.Ins() {
		fmt.Print(t, " ")
	}
	for t := range ft.Outs() {
		fmt.Print(t, " ")
		break
	}
	fmt.Println()
	o := Outer{A: 1, Inner: &Inner{Z: 2, W: "w"}}
	for f, v := range reflect.ValueOf(o).Fields() {
		fmt.Println("value field", f.Name, v.Kind(), v.CanInterface())
	}
	for m, v := range reflect.ValueOf(&o).Methods() {
		fmt.Println("value method", m.Name, v.Type())
		if m.Name == "Bye" {
			fmt.Println(v.Call([]reflect.Value{reflect.ValueOf(41)})[0])
		}
	}
	try("fields of int", func() { reflect.TypeOf(1).Fields() })
	try("ins of int", func() { reflect.TypeOf(1).Ins() })
	try("outs of int", func() { reflect.TypeOf(1).Outs() })
	try("value fields of int", func() { reflect.ValueOf(1).Fields() })
	try("value fields of zero", func() { reflect.Value{}.Fields() })

	for _, x := range []any{1, named(1), uint8(1), 1.5, "s", []int{}, [2]int{}, &[2]int{}, new(int), map[int]int{}, make(chan int), func(func(int) bool) {}, func(func(int, int) bool) {}, func() {}, Outer{}, true} {
		t := reflect.TypeOf(x)
		fmt.Print(t, ":", t.CanSeq(), t.CanSeq2(), " ")
	}
	fmt.Println()

	f := ot.FieldByIndex([]int{1, 1})
	fmt.Println(f.Name, f.Index, f.Type, f.Offset)
	f = ot.FieldByIndex([]int{0})
	fmt.Println(f.Name, f.Index)
	try("fieldbyindex of int", func() { reflect.TypeOf(1).FieldByIndex([]int{0}) })
	try("fieldbyindex through int", func() { ot.FieldByIndex([]int{0, 0}) })
	try("fieldbyindex out of range", func() { ot.FieldByIndex([]int{7}) })
	fmt.Println(reflect.TypeOf(int64(0)).FieldAlign(), reflect.TypeOf(Inner{}).FieldAlign(), reflect.TypeOf([3]byte{}).FieldAlign())

	fmt.Println(reflect.TypeOf(int8(0)).OverflowInt(127), reflect.TypeOf(int8(0)).OverflowInt(128), reflect.TypeOf(named(0)).OverflowInt(1<<62))
	fmt.Println(reflect.TypeOf(uint16(0)).OverflowUint(65535), reflect.TypeOf(uint16(0)).OverflowUint(65536))
	fmt.Println(reflect.TypeOf(float32(0)).OverflowFloat(1e39), reflect.TypeOf(float64(0)).OverflowFloat(1e300))
	fmt.Println(reflect.TypeOf(complex64(0)).OverflowComplex(complex(1, 1e39)), reflect.TypeOf(complex128(0)).OverflowComplex(1e300))
	fmt.Println(reflect.ValueOf(complex64(0)).OverflowComplex(complex(1e39, 0)), reflect.ValueOf(complex64(0)).OverflowComplex(1))
	try("overflowint of uint", func() { reflect.TypeOf(uint(0)).OverflowInt(1) })
	try("overflowuint of int", func() { reflect.TypeOf(0).OverflowUint(1) })
	try("overflowfloat of int", func() { reflect.TypeOf(0).OverflowFloat(1) })
	try("overflowcomplex of float", func() { reflect.TypeOf(1.0).OverflowComplex(1) })
	try("value overflowcomplex of int", func() { reflect.ValueOf(1).OverflowComplex(1) })

	for _, x := range []any{1, named(2), uint(1), uintptr(1), 1.5, float32(1), 1i, "s", nil} {
		v := reflect.ValueOf(x)
		fmt.Print(v.CanInt(), v.CanUint(), v.CanFloat(), v.CanComplex(), " ")
	}
	fmt.Println()

	x := 5
	var p unsafe.Pointer
	reflect.ValueOf(&p).Elem().SetPointer(unsafe.Pointer(&x))
	fmt.Println(*(*int)(p))
	try("setpointer unaddressable", func() { reflect.ValueOf(p).SetPointer(nil) })
	try("setpointer of int", func() { reflect.ValueOf(&x).Elem().SetPointer(nil) })
}
