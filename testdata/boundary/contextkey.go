// A context key of a program type: the real context.WithValue would keep
// a stand-in of it, of another type (two empty structs of different
// types would be one key, and a value taken back would fail its type
// assertion), so the interpreter stops instead (found by comparing vssa
// with gc).

package main

import (
	"context"
	"fmt"
)

type keyA struct{}
type keyB struct{}

func main() {
	fmt.Println("start")
	ctx := context.WithValue(context.Background(), keyA{}, 1)
	fmt.Println(ctx.Value(keyA{}), ctx.Value(keyB{}))
}
