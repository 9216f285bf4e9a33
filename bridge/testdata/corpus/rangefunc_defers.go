// Defers in the body of a range-over-func loop: the body is a closure
// the iterator calls, but its defers belong to the function the loop is
// in, and run when that function returns or panics (go/ssa passes the
// function's defer stack to the body). A function whose only defers come
// from such a loop must still run them when it panics.
package main

func once(yield func(int) bool) {
	if !yield(0) {
		return
	}
}

func three(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		if !yield(i) {
			return
		}
	}
}

// returns: the loop's defers run at the return, last first.
func returns() {
	for i := range three {
		defer func() { println("returns: deferred", i) }()
	}
	println("returns: body done")
}

// panicsAlongside: a defer of its own and one from the loop.
func panicsAlongside() {
	defer func() { println("alongside: recovered", recover() != nil) }()
	for range once {
		defer func() { println("alongside: loop defer") }()
	}
	panic("alongside")
}

// panicsOnlyLoop: the loop's defer is the function's only one.
func panicsOnlyLoop() {
	for range once {
		defer func() { println("only loop: recovered", recover() != nil) }()
	}
	panic("only loop")
}

// breaks: a defer registered before a break still runs at the return.
func breaks() (n int) {
	for i := range three {
		defer func() { n += 10 }()
		if i == 1 {
			break
		}
	}
	return 1
}

func main() {
	returns()
	panicsAlongside()
	panicsOnlyLoop()
	println("breaks:", breaks())
	println("main done")
}
