// run

// A String method of a value inside a slice, which fmt calls.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

func main() {
	fmt.Println(Color(1))
	fmt.Println([]Color{0, 1})
}
