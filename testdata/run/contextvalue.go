// run

// context.WithValue with keys and values of program types: two empty
// structs of different types are different keys, a key of a named
// string type is not the string, a value comes back with its type, and
// contexts print their keys' types (found by comparing vssa with gc:
// the real context kept stand-ins without the program's types).

package main

import (
	"context"
	"fmt"
	"time"
)

type keyA struct{}
type keyB struct{}
type name string
type user struct{ ID int }
type tagged int

func (t tagged) String() string { return fmt.Sprintf("tag%d", int(t)) }

func main() {
	bg := context.Background()
	ctx := context.WithValue(bg, keyA{}, &user{7})
	ctx = context.WithValue(ctx, name("n"), "named")
	ctx = context.WithValue(ctx, tagged(3), user{8})
	fmt.Println(ctx.Value(keyA{}) != nil, ctx.Value(keyB{}), ctx.Value(struct{}{}))
	u, ok := ctx.Value(keyA{}).(*user)
	fmt.Println(u.ID, ok)
	fmt.Println(ctx.Value("n"), ctx.Value(name("n")))
	v, ok := ctx.Value(tagged(3)).(user)
	fmt.Println(v, ok, ctx.Value(3))
	fmt.Println(ctx)
	c2, cancel := context.WithTimeout(ctx, time.Hour)
	defer cancel()
	fmt.Println(c2.Value(name("n")), c2.Value(keyA{}).(*user).ID)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		context.WithValue(bg, []int{1}, 1)
	}()
	type sk struct{ s []int }
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		context.WithValue(bg, sk{}, 1)
	}()
}
