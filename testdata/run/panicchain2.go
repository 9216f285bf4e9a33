// run

// A panic raised by a deferred call after recovering another is printed
// behind it, marked recovered.

package main

import "fmt"

func main() {
	func() {
		defer func() {
			fmt.Println("inner recovered", recover())
			panic("second")
		}()
		panic("first")
	}()
}
