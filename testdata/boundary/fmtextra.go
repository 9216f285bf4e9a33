// An operand no verb takes is printed with its type's name.

package main

import "fmt"

type point struct{ x, y int }

func main() {
	fmt.Printf("%d\n", 1, point{})
}
