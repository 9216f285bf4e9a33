// run

// A program without types of its own prints addresses as Go does too
// (the same text for the same pointer, element addresses at their
// offsets), although fmt prints its other values from the real
// standard library.

package main

import (
	"fmt"
	"unsafe"
)

func main() {
	var b [8]int32
	p, q := &b[2], &b[5]
	fmt.Println(fmt.Sprint(p) == fmt.Sprintf("%p", p), fmt.Sprintf("%v %v", p, p) == fmt.Sprintf("%p %p", p, p))
	var x, y uint64
	fmt.Sscanf(fmt.Sprintf("%p %p", p, q), "0x%x 0x%x", &x, &y)
	fmt.Println(y-x, x == uint64(uintptr(unsafe.Pointer(p))))
	fmt.Println(fmt.Sprintf("%v", []*int32{p, q}) == "["+fmt.Sprint(p)+" "+fmt.Sprint(q)+"]")
}
