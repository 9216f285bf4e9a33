// run

// sync/atomic.Value keeps the program's types: a value of a program
// type comes back with it, and two program types of one structure are
// two types for Store's check (found by comparing vssa with gc: the
// interpreter gave the standard library a stand-in without the type).

package main

import (
	"fmt"
	"sync/atomic"
)

type P struct{ X int }
type Q struct{ X int }
type key string

func try(name string, f func()) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f()
}

func main() {
	var v atomic.Value
	fmt.Println(v.Load())
	v.Store(P{2})
	p, ok := v.Load().(P)
	fmt.Println(p, ok)
	try("store Q", func() { v.Store(Q{3}) })
	try("store nil", func() { v.Store(nil) })
	fmt.Println(v.Swap(P{4}), v.Load())
	fmt.Println(v.CompareAndSwap(P{4}, P{5}), v.CompareAndSwap(P{4}, P{6}), v.Load())
	try("cas types", func() { v.CompareAndSwap(P{5}, Q{1}) })
	var k atomic.Value
	k.Store(key("x"))
	try("store string", func() { k.Store("x") })
	_, isKey := k.Load().(key)
	fmt.Println(isKey)
	var e atomic.Value
	fmt.Println(e.CompareAndSwap(nil, 1), e.CompareAndSwap(2, 3), e.Load())
	var s atomic.Value
	s.Store([]int{1})
	try("cas uncomparable", func() { s.CompareAndSwap([]int{1}, []int{2}) })
	try("swap nil", func() { s.Swap(nil) })
}
