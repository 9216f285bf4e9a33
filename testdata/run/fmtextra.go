// run

// An operand no verb takes is printed with its type's name.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type point struct{ x, y int }

func main() {
	fmt.Printf("%d\n", 1, point{})
}
