// run

// container/list keeps the program's values with their types: it runs
// interpreted from source (found by comparing vssa with gc: the real
// one gave back stand-ins without the program's types).

package main

import (
	"container/list"
	"container/ring"
	"fmt"
)

type key string
type P struct{ X int }

func main() {
	l := list.New()
	l.PushBack(key("a"))
	l.PushBack("a")
	l.PushBack(P{1})
	for e := l.Front(); e != nil; e = e.Next() {
		_, isKey := e.Value.(key)
		fmt.Printf("%T %v %v\n", e.Value, e.Value, isKey)
	}
	p := l.Back().Value.(P)
	p.X = 5
	fmt.Println(l.Back().Value, p)
	r := ring.New(3)
	for i := range 3 {
		r.Value = P{i}
		r = r.Next()
	}
	r.Do(func(v any) { fmt.Print(v.(P).X, " ") })
	fmt.Println()
}
