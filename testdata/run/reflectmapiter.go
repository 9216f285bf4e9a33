// run

// reflect.Value.SetIterKey and SetIterValue, and MapIter's states
// (before Next, exhausted, a zero MapIter) with reflect's panics.

package main

import (
	"fmt"
	"reflect"
)

type K struct{ A int }

type hidden struct{ m map[string]int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	m := map[K]string{{1}: "one"}
	iter := reflect.ValueOf(m).MapRange()
	k := reflect.New(reflect.TypeOf(K{})).Elem()
	v := reflect.New(reflect.TypeOf("")).Elem()
	var anyK any
	ak := reflect.ValueOf(&anyK).Elem()
	try("key before next", func() { k.SetIterKey(iter) })
	try("iter key before next", func() { iter.Key() })
	for iter.Next() {
		k.SetIterKey(iter)
		v.SetIterValue(iter)
		ak.SetIterKey(iter)
	}
	fmt.Println(k.Interface(), v.Interface(), anyK)
	try("key exhausted", func() { k.SetIterKey(iter) })
	try("value exhausted", func() { v.SetIterValue(iter) })
	try("iter key exhausted", func() { iter.Key() })
	try("next exhausted", func() { iter.Next() })
	iter2 := reflect.ValueOf(m).MapRange()
	iter2.Next()
	try("unaddressable", func() { reflect.ValueOf(K{}).SetIterKey(iter2) })
	try("wrong type", func() { reflect.New(reflect.TypeOf(0)).Elem().SetIterKey(iter2) })
	try("wrong value type", func() { reflect.New(reflect.TypeOf(0)).Elem().SetIterValue(iter2) })
	h := reflect.ValueOf(hidden{map[string]int{"a": 1}}).Field(0).MapRange()
	h.Next()
	try("unexported", func() { reflect.New(reflect.TypeOf("")).Elem().SetIterKey(h) })
	var zero reflect.MapIter
	try("zero next", func() { zero.Next() })
	try("zero key", func() { zero.Key() })
	try("zero setiterkey", func() { k.SetIterKey(&zero) })
	var nilIter *reflect.MapIter
	try("nil iter", func() { k.SetIterKey(nilIter) })
}
