// run

// A recovered panic that interrupted another ends both: a later panic
// is printed alone, not behind them.

package main

import "fmt"

func nested() {
	defer func() {
		fmt.Println("recovered", recover())
	}()
	func() {
		defer func() {
			fmt.Println("inner recovered", recover())
			panic("second")
		}()
		panic("first")
	}()
}

func sameFrame() {
	defer func() {
		fmt.Println("b", recover())
	}()
	defer func() {
		fmt.Println("a", recover())
		panic("again")
	}()
	panic("one")
}

func main() {
	nested()
	sameFrame()
	panic("third")
}
