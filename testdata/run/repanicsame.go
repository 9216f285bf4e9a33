// run

// When a deferred function panics with the same interface value as the
// panic in progress, and nothing recovers, the runtime prints that value
// once: printpanics skips a panic whose value has the same words (type
// and data pointer) as the next one's (runtime/panic.go, preprintpanics:
// "This panic contains the same value as the next one in the chain").
// gc gives equal constants one data pointer ("boom" here; small
// integers share a static table too), so the second "boom" is not
// printed.
// Found by internal/progen (seeds 1270, 1284, 1369, 1850, 1855, 1998 of
// the 1,000-program run), with and without passes.

package main

func main() {
	defer func() { panic("boom") }()
	panic("boom")
}
