// %d of a value with a String method: fmt prints the number, not
// String's result; the interpreter's adapter would be printed instead.

package main

import "fmt"

type Color int

func (c Color) String() string { return "red" }

func main() {
	fmt.Printf("%v\n", Color(0))
	fmt.Printf("%d\n", Color(0))
}
