// run

// A panic of sync.OnceValue's f, recovered, comes back from the next
// call as a new panic of its value, which ends the program: gc prints
// it "[recovered, repanicked]".

package main

import "sync"

func main() {
	f := sync.OnceValue(func() int { panic("boom") })
	defer func() {
		recover()
		f()
	}()
	f()
}
