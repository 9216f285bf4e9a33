// run

// sync.Map holds the program's values themselves: a pointer stored is
// the pointer loaded, of its own type; keys are compared as interface
// values (an unhashable one panics as in a map), CompareAndSwap compares
// values with ==.

package main

import (
	"fmt"
	"sort"
	"sync"
)

type T struct{ n int }

type key struct {
	a string
	b int
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %T %v\n", name, r, r)
		}
	}()
	f()
}

func main() {
	var m sync.Map
	p := &T{1}
	m.Store("a", p)
	v, ok := m.Load("a")
	q := v.(*T)
	q.n = 5
	fmt.Println(ok, q == p, p.n)
	a, loaded := m.LoadOrStore("b", T{2})
	fmt.Println(a, loaded)
	a, loaded = m.LoadOrStore("b", T{3})
	fmt.Println(a, loaded)
	m.Store(key{"k", 1}, 10)
	v, ok = m.Load(key{"k", 1})
	fmt.Println(v, ok)
	prev, loaded := m.Swap(key{"k", 1}, 11)
	fmt.Println(prev, loaded)
	fmt.Println(m.CompareAndSwap(key{"k", 1}, 10, 12), m.CompareAndSwap(key{"k", 1}, 11, 12))
	fmt.Println(m.CompareAndDelete("b", T{3}), m.CompareAndDelete("b", T{2}))
	v, loaded = m.LoadAndDelete("a")
	fmt.Println(v.(*T).n, loaded)
	m.Delete("nothing")
	for i := 0; i < 20; i++ {
		m.Store(i, i*i)
	}
	for i := 0; i < 20; i += 2 {
		m.Delete(i)
	}
	var keys []string
	m.Range(func(k, v any) bool {
		keys = append(keys, fmt.Sprint(k, "=", v))
		if k == 7 {
			m.Delete(9) // may or may not be visited: deleted before
		}
		return true
	})
	sort.Strings(keys)
	fmt.Println(len(keys) >= 10, keys[0])
	n := 0
	m.Range(func(k, v any) bool { n++; return n < 3 })
	fmt.Println(n)
	try("unhashable key", func() { m.Store([]int{1}, 1) })
	try("uncomparable old", func() {
		m.Store("s", []int{1})
		m.CompareAndSwap("s", []int{1}, 2)
	})
	fmt.Println(m.CompareAndSwap("absent", []int{1}, 2))
	var nilMap *sync.Map
	try("nil map", func() { nilMap.Load(1) })
	m.Clear()
	_, ok = m.Load(1)
	fmt.Println(ok)

	var wg sync.WaitGroup
	var c sync.Map
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				c.LoadOrStore(i, g)
			}
		}()
	}
	wg.Wait()
	count := 0
	c.Range(func(k, v any) bool { count++; return true })
	fmt.Println(count)
}
