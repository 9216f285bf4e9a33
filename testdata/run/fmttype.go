// run

// %T prints the name of a program type, generic instances too.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type Stack[T any] struct{ items []T }

func main() {
	fmt.Println("before")
	fmt.Printf("%T\n", Stack[string]{})
}
