// run

// sync/atomic.Pointer[T] of a program type: its methods have no real
// counterpart (the instantiation exists only in the program), so the
// interpreter runs them on the struct's field, atomically, with Go's
// nil-receiver panic.

package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type node struct {
	val  int
	next atomic.Pointer[node]
}

type cache struct {
	mu      sync.Mutex
	entries [3]atomic.Pointer[string]
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f()
}

func main() {
	var p atomic.Pointer[node]
	fmt.Println(p.Load() == nil, p.Swap(nil) == nil, p.CompareAndSwap(nil, nil))
	a, b := &node{val: 1}, &node{val: 2}
	p.Store(a)
	fmt.Println(p.Load() == a, p.Load().val)
	fmt.Println(p.CompareAndSwap(b, a), p.CompareAndSwap(a, b), p.Load().val)
	old := p.Swap(a)
	fmt.Println(old == b, p.Load() == a)

	// A linked list through the nodes' own atomic pointers.
	a.next.Store(b)
	b.next.Store(&node{val: 3})
	for n := &p; n.Load() != nil; n = &n.Load().next {
		fmt.Print(n.Load().val, " ")
	}
	fmt.Println()

	// In an array, in a struct allocated with new, under concurrency.
	c := new(cache)
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := fmt.Sprint(i)
			c.entries[i%3].Store(&s)
		}()
	}
	wg.Wait()
	for i := range c.entries {
		fmt.Println(i, c.entries[i].Load() != nil)
	}
	var counter atomic.Pointer[int]
	zero := 0
	counter.Store(&zero)
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				cur := counter.Load()
				next := *cur + 1
				if counter.CompareAndSwap(cur, &next) {
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("counter", *counter.Load())

	var nilp *atomic.Pointer[node]
	try("Load", func() { nilp.Load() })
	try("Store", func() { nilp.Store(a) })
	try("Swap", func() { nilp.Swap(a) })
	try("CompareAndSwap", func() { nilp.CompareAndSwap(nil, a) })
}
