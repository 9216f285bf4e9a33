// The bytes of a narrow integer: the interpreter holds it as a word,
// sign- or zero-extended, not as its four bytes (those of an 8-byte
// integer it can show: testdata/run/packedscalars.go).

package main

import (
	"fmt"
	"unsafe"
)

func main() {
	x := uint32(0x01020304)
	fmt.Println("before")
	b := (*[4]byte)(unsafe.Pointer(&x))
	fmt.Println(b[0])
}
