// run

// A String method panics with a value whose Error method panics too:
// fmt lets the second panic go on, and printing the chain, the runtime
// fails on the first value (its Error panics again).

package main

import (
	"errors"
	"fmt"
)

type N int

func (N) Error() string { panic(errors.New("nested")) }

type M int

func (M) String() string { panic(N(0)) }

func main() {
	fmt.Println("start")
	fmt.Println(M(0))
}
