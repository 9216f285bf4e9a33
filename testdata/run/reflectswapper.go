// run

// reflect.Swapper on the interpreter's slices: elements swapped in
// place (pointers into them stay), and the index panics of its direct
// paths (the runtime's) and of its general one (reflect's).

package main

import (
	"fmt"
	"reflect"
	"sort"
)

type pt struct{ X, Y int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	ints := []int{3, 1, 2}
	sw := reflect.Swapper(ints)
	sw(0, 2)
	fmt.Println(ints)
	pts := []pt{{1, 1}, {2, 2}, {3, 3}}
	p0 := &pts[0]
	px := &pts[2].X
	reflect.Swapper(pts)(0, 2)
	fmt.Println(pts, *p0, *px)
	bs := []byte("abc")
	reflect.Swapper(bs)(0, 1)
	fmt.Println(string(bs))
	strs := []string{"b", "a", "c"}
	s := reflect.Swapper(strs)
	sort.Slice(strs, func(i, j int) bool { return strs[i] < strs[j] })
	s(1, 2)
	fmt.Println(strs)
	arrs := [][2]int16{{1, 2}, {3, 4}}
	reflect.Swapper(arrs)(1, 0)
	fmt.Println(arrs)
	try("index", func() { sw(0, 3) })
	try("both", func() { sw(5, 4) })
	try("pts", func() { reflect.Swapper(pts)(0, 3) })
	x := 1
	try("ptrs", func() { reflect.Swapper([]*int{&x, nil})(2, 0) })
	try("strings", func() { reflect.Swapper(strs)(0, 7) })
	try("bytes3", func() { reflect.Swapper([][3]byte{{}, {}})(0, 2) })
	try("mixed", func() {
		reflect.Swapper([]struct {
			p *int
			x int
		}{{}, {}})(0, 2)
	})
	try("float32", func() { reflect.Swapper([]float32{1, 2})(3, 0) })
	try("maps", func() { reflect.Swapper([]map[int]int{nil, nil})(0, 9) })
	try("ifaces", func() { reflect.Swapper([]any{1, "a"})(0, 9) })
	try("negative", func() { sw(-1, 0) })
	try("empty", func() { reflect.Swapper([]int{})(0, 0) })
	one := reflect.Swapper([]int{5})
	one(0, 0)
	try("one", func() { one(0, 1) })
	try("not a slice", func() { reflect.Swapper(3) })
	try("nil", func() { reflect.Swapper(nil) })
	try("array", func() { reflect.Swapper([2]int{}) })
}
