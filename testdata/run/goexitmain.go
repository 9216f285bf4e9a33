// run

// runtime.Goexit in main runs main's deferred calls, lets the other
// goroutines finish, then fails with the runtime's fatal error.

package main

import (
	"fmt"
	"runtime"
)

func main() {
	done := make(chan bool)
	go func() {
		<-done
		fmt.Println("other goroutine done")
	}()
	// Deferred calls run last-in first-out: the goroutine is released
	// only after main's message is printed, so the order is fixed.
	defer close(done)
	defer fmt.Println("deferred in main")
	runtime.Goexit()
}
