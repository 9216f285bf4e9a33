// The bytes pointer of an empty string made by converting no runes:
// gc's points into a buffer the interpreter does not have.

package main

import (
	"fmt"
	"unsafe"
)

func main() {
	s := string([]rune{})
	fmt.Println("before")
	fmt.Println(unsafe.StringData(s) == nil)
}
