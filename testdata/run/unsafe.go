// run

// unsafe: Add, Slice, String, StringData and SliceData within a variable,
// conversions between pointer types whose memory reads alike, string and
// slice headers read through reflect.StringHeader and the like, uintptr
// round trips and arithmetic, and pointer equality across views of the
// same memory.

package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

type pair struct{ a, b int }
type pair2 struct{ x, y int }
type nested struct{ p struct{ u, v int } }

type rec struct {
	tag  byte
	n    int32
	buf  [4]byte
	next *rec
}

type hdr struct {
	data unsafe.Pointer
	n    int
}

func recovered(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return
}

func main() {
	// Add, Slice, String over an array's elements.
	buf := [8]byte{'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'}
	p := unsafe.Pointer(&buf[2])
	fmt.Println(unsafe.Add(p, 3) == unsafe.Pointer(&buf[5]), unsafe.Add(p, -2) == unsafe.Pointer(&buf[0]))
	fmt.Println(*(*byte)(unsafe.Add(p, 4)))
	s := unsafe.Slice(&buf[1], 4)
	s[0] = 'B'
	fmt.Println(string(buf[:]), len(s), cap(s), &s[1] == &buf[2])
	fmt.Println(unsafe.String(&buf[3], 5), unsafe.String(nil, 0) == "")
	ints := []int32{10, 20, 30, 40}
	q := unsafe.Pointer(&ints[1])
	fmt.Println(*(*int32)(unsafe.Add(q, 8)), unsafe.Slice((*int32)(unsafe.Add(q, -4)), 2))

	// StringData and SliceData.
	str := "hello, world"
	fmt.Println(unsafe.String(unsafe.StringData(str), 5), string(unsafe.Slice(unsafe.StringData(str[7:]), 5)))
	bs := []byte("bytes")
	fmt.Println(unsafe.String(unsafe.SliceData(bs), len(bs)), unsafe.SliceData(bs) == &bs[0])
	var nilSlice []int
	fmt.Println(unsafe.SliceData(nilSlice) == nil, unsafe.StringData("") == nil, unsafe.Slice((*int)(nil), 0) == nil)

	// Panics of unsafe.Slice and unsafe.String.
	neg := -1
	fmt.Println(recovered(func() { _ = unsafe.Slice(&buf[0], neg) }))
	fmt.Println(recovered(func() { _ = unsafe.Slice((*int)(nil), 1) }))
	fmt.Println(recovered(func() { _ = unsafe.String(nil, 2) }))
	var huge uint64 = 1 << 63
	fmt.Println(recovered(func() { _ = unsafe.String(&buf[0], huge) }))

	// Reinterpretation: same representation, array views, another nesting.
	f := 1.5
	bits := *(*uint64)(unsafe.Pointer(&f))
	fmt.Printf("%#x\n", bits)
	*(*uint64)(unsafe.Pointer(&f)) = 0x4004000000000000
	fmt.Println(f)
	pr := pair{1, 2}
	p2 := (*pair2)(unsafe.Pointer(&pr))
	p2.y = 20
	fmt.Println(pr, *p2)
	nv := (*nested)(unsafe.Pointer(&pr))
	fmt.Println(nv.p.u, nv.p.v)
	nv.p = struct{ u, v int }{7, 8}
	fmt.Println(pr)
	arr := [6]int{1, 2, 3, 4, 5, 6}
	mid := (*[3]int)(unsafe.Pointer(&arr[2]))
	mid[1] = 40
	fmt.Println(arr, *mid, mid == (*[3]int)(unsafe.Pointer(&arr[2])))
	whole := (*[2]int)(unsafe.Pointer(&arr))
	fmt.Println(whole[1], unsafe.Pointer(whole) == unsafe.Pointer(&arr[0]), unsafe.Pointer(&pr) == unsafe.Pointer(&pr.a))
	sl := arr[1:5]
	fmt.Println((*[2]int)(sl) == (*[2]int)(sl), &(*[2]int)(sl)[1] == &arr[2])

	// String and slice headers.
	sub := str[7:]
	sh := (*reflect.StringHeader)(unsafe.Pointer(&sub))
	sh0 := (*reflect.StringHeader)(unsafe.Pointer(&str))
	fmt.Println(sh.Len, sh.Data-sh0.Data, unsafe.Pointer(sh.Data) == unsafe.Pointer(unsafe.StringData(sub)))
	slh := *(*reflect.SliceHeader)(unsafe.Pointer(&sl))
	fmt.Println(slh.Len, slh.Cap, unsafe.Pointer(slh.Data) == unsafe.Pointer(&arr[1]))
	h := *(*hdr)(unsafe.Pointer(&bs))
	fmt.Println(h.n, h.data == unsafe.Pointer(&bs[0]), *(*uintptr)(unsafe.Pointer(&sl))-*(*uintptr)(unsafe.Pointer(&ints)) != 0)
	fmt.Println(*(*int)(unsafe.Add(unsafe.Pointer(&sl), 8)))

	// uintptr round trips and arithmetic inside a variable.
	r := &rec{tag: 1, n: 2, buf: [4]byte{3, 4, 5, 6}}
	base := uintptr(unsafe.Pointer(r))
	fmt.Println(uintptr(unsafe.Pointer(&r.buf[2]))-base, uintptr(unsafe.Pointer(&r.n))-base, unsafe.Offsetof(r.next))
	*(*int32)(unsafe.Pointer(base + unsafe.Offsetof(r.n))) = 42
	fmt.Println(r.n, *(*byte)(unsafe.Pointer(base + 9)), (*rec)(unsafe.Pointer(base)) == r)
	x := 7
	up := uintptr(unsafe.Pointer(&x))
	*(*int)(unsafe.Pointer(up)) = 8
	fmt.Println(x, uintptr(unsafe.Pointer(&ints[3]))-uintptr(unsafe.Pointer(&ints[0])))
	fmt.Println(unsafe.Pointer(uintptr(0)) == nil, (*int)(unsafe.Pointer(uintptr(0x1234))) == (*int)(unsafe.Pointer(uintptr(0x1234))))

	// Map keys: equal pointers are one key.
	m := map[unsafe.Pointer]int{}
	m[unsafe.Pointer(&arr)] = 1
	m[unsafe.Pointer(&arr[0])] = 2
	m[unsafe.Pointer(&arr[1])] = 3
	fmt.Println(len(m), m[unsafe.Pointer(whole)])
}
