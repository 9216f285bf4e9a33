// run

// A verb that does not fit the value: Go prints the type's name.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type Celsius float64

func main() {
	fmt.Printf("%d\n", Celsius(3))
}
