// testing's T.Log prints its operands with fmt: a stand-in of a program
// type would lose its String method. The test runs on a goroutine of
// testing's own, which would crash on the refusal: vssa stops there with
// "unsupported" instead.

package main

import (
	"fmt"
	"testing"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

func main() {
	testing.Main(func(pat, str string) (bool, error) { return true, nil }, []testing.InternalTest{{"TestX", func(t *testing.T) {
		t.Log([]Color{1})
		fmt.Println("in test")
	}}}, nil, nil)
}
