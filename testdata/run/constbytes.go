// run

// []byte of a constant string is gc's composite literal: an array of
// exactly its length, so a later append into its capacity does not
// write over what follows (found by comparing vssa with gc: the
// interpreter rounded the capacity up, as a conversion at run time does).

package main

import "fmt"

type B []byte

var sink []byte

func main() {
	a := []byte("abc")
	fmt.Println(len(a), cap(a))
	b := append(a[:1], "XYZ"...)
	fmt.Println(string(a), string(b))
	const k = "hello"
	c := B(k)
	fmt.Println(len(c), cap(c))
	sink = c
	e := []byte("")
	fmt.Println(len(e), cap(e), e == nil)
	fmt.Println(cap([]byte("a long string of more than thirty two bytes")))
}
