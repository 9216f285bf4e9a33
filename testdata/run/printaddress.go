// run

// fmt prints the address of a variable as a uintptr conversion gives it
// (the same each time, the elements and fields of an object at their
// offsets), whichever printing function and verb show it; Go's own
// addresses differ from run to run, so the program prints what it
// compares them with.

package main

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

type T2 struct{ x uint16 }

type S struct {
	a int8
	b int64
	c [3]int32
}

type named struct{ n int }

func (n *named) String() string { return "named" }

type holder struct {
	p *int
	q *int
}

func addr(s string) uint64 {
	var a uint64
	if _, err := fmt.Sscanf(s, "0x%x", &a); err != nil {
		panic(err)
	}
	return a
}

func main() {
	var b1 [10]uint8
	var b2 [10]T2
	var s S
	p := &b1[3]
	fmt.Println("same pointer, same text:", fmt.Sprint(p) == fmt.Sprintf("%p", p), fmt.Sprintf("%v", p) == fmt.Sprintf("%p", p), fmt.Sprintln(p) == fmt.Sprintf("%p\n", p))
	fmt.Println("as uintptr:", addr(fmt.Sprintf("%p", p)) == uint64(uintptr(unsafe.Pointer(p))))
	fmt.Println("%x and %d:", fmt.Sprintf("%x", p) == fmt.Sprintf("%x", uintptr(unsafe.Pointer(p))), fmt.Sprintf("%d", p) == fmt.Sprintf("%d", uintptr(unsafe.Pointer(p))))
	fmt.Println("elements:", addr(fmt.Sprintf("%p", &b1[4]))-addr(fmt.Sprintf("%p", &b1[3])), addr(fmt.Sprintf("%p", &b2[5]))-addr(fmt.Sprintf("%p", &b2[2])))
	fmt.Println("fields:", addr(fmt.Sprint(&s.b))-addr(fmt.Sprint(&s.a)), addr(fmt.Sprint(&s.c[2]))-addr(fmt.Sprint(&s.a)))
	x, y := 1, 2
	h := holder{&x, &y}
	fmt.Println("nested:", fmt.Sprintf("%v", h) == fmt.Sprintf("{%p %p}", &x, &y), fmt.Sprintf("%v", []*int{&x}) == fmt.Sprintf("[%p]", &x))
	fmt.Println("top-level pointer to a struct:", fmt.Sprint(&named{1}), fmt.Sprintf("%v", &struct{ a, b int }{1, 2}), fmt.Sprintf("%+v", &h) == fmt.Sprintf("&{p:%p q:%p}", &x, &y))
	m := map[string]int{"a": 1}
	fmt.Println("map:", fmt.Sprintf("%p", m) == fmt.Sprintf("%p", m), strings.HasPrefix(fmt.Sprintf("%p", m), "0x"))
	sl := b1[2:]
	fmt.Println("slice:", fmt.Sprintf("%p", sl) == fmt.Sprintf("%p", &b1[2]))
	f := addr
	fmt.Println("func:", fmt.Sprintf("%v", f) == fmt.Sprintf("%p", f), addr(fmt.Sprintf("%p", f)) == uint64(reflect.ValueOf(f).Pointer()))
	c := make(chan int)
	fmt.Println("chan:", fmt.Sprint(c) == fmt.Sprintf("%p", c), fmt.Sprint(c) == fmt.Sprint(struct{ c chan int }{c})[1:len(fmt.Sprint(c))+1])
	var np *int
	fmt.Println("nil:", np, fmt.Sprintf("%p", np), fmt.Sprintf("%v", holder{}))
	err := fmt.Errorf("at %p", p)
	fmt.Println("Errorf:", err.Error() == "at "+fmt.Sprint(p))
}
