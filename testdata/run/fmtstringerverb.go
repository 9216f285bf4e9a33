// run

// %d of a value with a String method prints the number, not String's result.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type Color int

func (c Color) String() string { return "red" }

func main() {
	fmt.Printf("%v\n", Color(0))
	fmt.Printf("%d\n", Color(0))
}
