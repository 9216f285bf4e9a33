// A verb that does not fit the value: Go prints the type's name.

package main

import "fmt"

type Celsius float64

func main() {
	fmt.Printf("%d\n", Celsius(3))
}
