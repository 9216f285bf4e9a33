// run

// Two panic(nil)s in a chain carry the same words (new of the zero-size
// *runtime.PanicNilError is one pointer), so the runtime prints the
// value once. Found by internal/progen (seed 10121).

//go:debug panicnil=0

package main

func main() {
	defer func() { panic(nil) }()
	panic(nil)
}
