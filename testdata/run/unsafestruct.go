// run

// unsafe inside structs: pointers to a struct and to its first field are
// one map key, unsafe.Add between fields (from a field, and by offset
// from the struct), unsafe.Slice of one field, a struct read and written
// as one of the same layout with another nesting, uintptr offsets of
// fields and of elements of an array of structs.

package main

import (
	"fmt"
	"unsafe"
)

type S struct {
	a int
	b [3]int16
	c string
	d []byte
}

type T struct {
	x int
	y struct{ p, q int }
}
type U struct{ x, p, q int }

func main() {
	s := &S{a: 1, b: [3]int16{2, 3, 4}, c: "str", d: []byte("dd")}
	m := map[unsafe.Pointer]string{}
	m[unsafe.Pointer(s)] = "s"
	m[unsafe.Pointer(&s.a)] = "a"
	m[unsafe.Pointer(&s.b)] = "b"
	m[unsafe.Pointer(&s.b[0])] = "b0"
	fmt.Println(len(m), m[unsafe.Pointer(s)], m[unsafe.Pointer(&s.b)])
	pb := unsafe.Add(unsafe.Pointer(&s.a), unsafe.Offsetof(s.b)+2)
	*(*int16)(pb) = 30
	fmt.Println(s.b)
	pc := (*string)(unsafe.Add(unsafe.Pointer(&s.a), 16))
	fmt.Println(*pc, len(*(*[]byte)(unsafe.Add(unsafe.Pointer(pc), 16))))
	f := unsafe.Slice(&s.a, 1)
	f[0] = 10
	fmt.Println(s.a)
	t := T{1, struct{ p, q int }{2, 3}}
	u := (*U)(unsafe.Pointer(&t))
	u.q = 30
	*u = U{4, 5, u.q + 1}
	fmt.Println(t, *u)
	base := uintptr(unsafe.Pointer(s))
	fmt.Println(uintptr(unsafe.Pointer(&s.c))-base, uintptr(unsafe.Pointer(&s.b[1]))-base, uintptr(unsafe.Pointer(&s.d))-base)
	arr := []S{{a: 1}, {a: 2}, {a: 3}}
	a0 := uintptr(unsafe.Pointer(&arr[0]))
	fmt.Println(uintptr(unsafe.Pointer(&arr[2].c))-a0, (*S)(unsafe.Pointer(a0+unsafe.Sizeof(arr[0]))).a)
	var i8 int8 = -1
	fmt.Println(*(*int8)(unsafe.Pointer(&i8)))
}
