// run

// A panic of seq that nobody recovers ends the program from next: gc
// prints it as a plain panic (Pull recovered it on the coroutine, and
// next raises its value again on the caller's goroutine).

package main

import (
	"fmt"
	"iter"
)

func main() {
	next, stop := iter.Pull(func(yield func(int) bool) {
		yield(1)
		panic("boom")
	})
	defer stop()
	fmt.Println(next())
	fmt.Println(next())
}
