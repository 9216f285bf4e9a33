// Two distinct zero-size allocations not known to escape: gc keeps them
// in the frame and folds their comparison to false, or moves them to the
// heap where both are runtime.zerobase; the interpreter cannot know which.

package main

func main() {
	a, b := new(struct{}), new(struct{})
	println(a == b)
}
