// %#v prints the program type's name.

package main

import "fmt"

type point struct{ x, y int }

func main() {
	fmt.Printf("%#v\n", []int{1})
	fmt.Printf("%#v\n", point{1, 2})
}
