// A Format method, which fmt would call.

package main

import "fmt"

type money int

func (m money) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "$%d", int(m)) }

func main() {
	fmt.Println(money(3))
}
