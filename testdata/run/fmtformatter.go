// run

// A Format method, which fmt calls with its State.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import "fmt"

type money int

func (m money) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "$%d", int(m)) }

func main() {
	fmt.Println(money(3))
}
