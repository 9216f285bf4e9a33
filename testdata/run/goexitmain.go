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
	defer fmt.Println("deferred in main")
	go func() {
		<-done
		fmt.Println("other goroutine done")
	}()
	defer close(done)
	runtime.Goexit()
}
