// run

// iter.Pull and iter.Pull2 of the program's types: generic, so without
// a real instantiation. The states, early stops, panics and Goexit of
// seq must come back as gc's coroutines give them.

package main

import (
	"fmt"
	"iter"
	"runtime"
	"sync"
)

type pair struct{ a, b int }

func count(n int) iter.Seq[pair] {
	return func(yield func(pair) bool) {
		defer fmt.Println("count: cleanup")
		for i := range n {
			if !yield(pair{i, i * i}) {
				fmt.Println("count: stopped at", i)
				return
			}
		}
	}
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f()
}

func main() {
	next, stop := iter.Pull(count(3))
	for {
		p, ok := next()
		if !ok {
			break
		}
		p.a = -1 // a copy
		fmt.Println(p, ok)
	}
	fmt.Println(next())
	stop()
	stop()

	// Stopped early: seq's yield returns false, its defers run.
	next, stop = iter.Pull(count(10))
	fmt.Println(next())
	fmt.Println(next())
	stop()
	fmt.Println(next())

	// Pull2.
	next2, stop2 := iter.Pull2(func(yield func(string, *pair) bool) {
		for _, k := range []string{"x", "y"} {
			if !yield(k, &pair{len(k), 0}) {
				return
			}
		}
	})
	k, v, ok := next2()
	fmt.Println(k, *v, ok)
	k, v, ok = next2()
	fmt.Println(k, *v, ok)
	k, v, ok = next2()
	fmt.Println(k, v, ok)
	stop2()

	// A panic of seq comes from next, once; the iterator is then done.
	next, stop = iter.Pull(func(yield func(pair) bool) {
		yield(pair{1, 1})
		panic(fmt.Sprintf("seq failed after %d", 1))
	})
	fmt.Println(next())
	try("next", func() { next() })
	fmt.Println(next())
	stop()

	// A panic while stopping comes from stop.
	next, stop = iter.Pull(func(yield func(pair) bool) {
		if !yield(pair{2, 2}) {
			panic("stopping")
		}
	})
	fmt.Println(next())
	try("stop", stop)

	// seq's Goexit ends the goroutine that called next, running its
	// deferred calls.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("goroutine: deferred call ran")
		next, _ := iter.Pull(func(yield func(int) bool) { runtime.Goexit() })
		next()
		fmt.Println("goroutine: not reached")
	}()
	wg.Wait()

	// Nested: a pull inside a pulled sequence.
	outer, stopOuter := iter.Pull(func(yield func(int) bool) {
		inner, stopInner := iter.Pull(count(2))
		defer stopInner()
		for {
			p, ok := inner()
			if !ok || !yield(p.b+100) {
				return
			}
		}
	})
	fmt.Println(outer())
	fmt.Println(outer())
	fmt.Println(outer())
	stopOuter()
}
