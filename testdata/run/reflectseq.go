// run

// reflect.Value.Seq and Seq2 over integers (wrapping as reflect's
// rangeNum), slices, arrays and pointers to them, strings, maps,
// channels and range functions, with early exits and reflect's panics.

package main

import (
	"fmt"
	"reflect"
	"sort"
)

type Count int8

type pt struct{ X int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	for v := range reflect.ValueOf(3).Seq() {
		fmt.Print(v.Int(), v.Type(), " ")
	}
	fmt.Println()
	for v := range reflect.ValueOf(Count(4)).Seq() {
		fmt.Print(v.Interface(), v.Type(), " ")
	}
	fmt.Println()
	n := 0
	for range reflect.ValueOf(uint8(255)).Seq() {
		n++
	}
	fmt.Println(n)
	for v := range reflect.ValueOf(int64(-2)).Seq() {
		fmt.Println("never", v)
	}
	for i, e := range reflect.ValueOf([]pt{{1}, {2}}).Seq2() {
		fmt.Print(i, e, e.CanSet(), " ")
	}
	fmt.Println()
	arr := [3]string{"a", "b", "c"}
	for i, e := range reflect.ValueOf(&arr).Seq2() {
		e.SetString(e.String() + "!")
		fmt.Print(i, " ")
	}
	fmt.Println(arr)
	for i := range reflect.ValueOf(arr).Seq() {
		fmt.Print(i, " ")
		if i.Int() == 1 {
			break
		}
	}
	fmt.Println()
	for i, r := range reflect.ValueOf("héllo").Seq2() {
		fmt.Print(i, ":", r, r.Type(), " ")
	}
	fmt.Println()
	for i := range reflect.ValueOf("héllo").Seq() {
		fmt.Print(i, " ")
	}
	fmt.Println()
	m := map[string]int{"a": 1, "b": 2}
	var ks []string
	for k, v := range reflect.ValueOf(m).Seq2() {
		ks = append(ks, fmt.Sprint(k, "=", v))
	}
	sort.Strings(ks)
	fmt.Println(ks)
	ch := make(chan pt, 3)
	ch <- pt{7}
	ch <- pt{8}
	close(ch)
	for v := range reflect.ValueOf(ch).Seq() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	gen := func(yield func(int) bool) {
		for i := 10; i < 13; i++ {
			if !yield(i) {
				fmt.Println("gen stopped")
				return
			}
		}
	}
	for v := range reflect.ValueOf(gen).Seq() {
		fmt.Print(v.Int(), " ")
		if v.Int() == 11 {
			break
		}
	}
	fmt.Println()
	gen2 := func(yield func(string, int) bool) { yield("k", 1); yield("l", 2) }
	for k, v := range reflect.ValueOf(gen2).Seq2() {
		fmt.Print(k, v, " ")
	}
	fmt.Println()
	var nilp *[2]int
	try("nil array pointer", func() { reflect.ValueOf(nilp).Seq() })
	try("float", func() { reflect.ValueOf(1.5).Seq() })
	try("int seq2", func() { reflect.ValueOf(1).Seq2() })
	try("chan seq2", func() { reflect.ValueOf(ch).Seq2() })
	try("struct", func() { reflect.ValueOf(pt{}).Seq() })
	try("bad func", func() { reflect.ValueOf(func(int) {}).Seq() })
}
