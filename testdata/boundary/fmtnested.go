// A String method of a value inside a slice: Go calls it, the standard
// library would print the interpreter's copy without it.

package main

import "fmt"

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

func main() {
	fmt.Println(Color(1))
	fmt.Println([]Color{0, 1})
}
