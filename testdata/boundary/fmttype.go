// %T prints the name of a program type, which the standard library does
// not know.

package main

import "fmt"

type Stack[T any] struct{ items []T }

func main() {
	fmt.Println("before")
	fmt.Printf("%T\n", Stack[string]{})
}
