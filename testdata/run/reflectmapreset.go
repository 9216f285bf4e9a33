// run

// reflect.MapIter.Reset: to another map, on a zero MapIter, to a nil map,
// to the zero Value, and reflect's panic for a non-map.

package main

import (
	"fmt"
	"reflect"
	"sort"
)

func main() {
	a := map[string]int{"x": 1, "y": 2}
	b := map[string]int{"z": 3}
	it := reflect.ValueOf(a).MapRange()
	var keys []string
	for it.Next() {
		keys = append(keys, it.Key().String())
	}
	sort.Strings(keys)
	fmt.Println(keys)
	it.Reset(reflect.ValueOf(b))
	for it.Next() {
		fmt.Println(it.Key(), it.Value())
	}
	var fresh reflect.MapIter
	fresh.Reset(reflect.ValueOf(a))
	n := 0
	for fresh.Next() {
		n++
	}
	fmt.Println(n)
	var nilMap map[int]int
	it.Reset(reflect.ValueOf(nilMap))
	fmt.Println(it.Next())
	it.Reset(reflect.Value{})
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		it.Next()
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		it.Reset(reflect.ValueOf(1))
	}()
}
