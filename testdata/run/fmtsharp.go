// run

// %#v prints the program type's name.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type point struct{ x, y int }

func main() {
	fmt.Printf("%#v\n", []int{1})
	fmt.Printf("%#v\n", point{1, 2})
}
