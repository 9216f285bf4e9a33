// Package exituse calls functions that never return: the code after a
// call to one is not reached, so p is not nil past the nil branch that
// ends in it, whether the function is another package's (a fact), this
// package's, one that never returns through another, one called in a
// function literal alone, or testing's.
package exituse

import (
	"testing"

	"example.com/exits"
)

func imported(p *int) int {
	if p == nil {
		exits.Fatalf("nil p")
	}
	if p != nil { // want `p != nil is always true: p was already compared with nil at exituse.go:15`
		return *p
	}
	return 0
}

func local(p *int) int {
	if p == nil {
		die()
	}
	if p != nil { // want `p != nil is always true: p was already compared with nil at exituse.go:25`
		return *p
	}
	return 0
}

func die() { dieAgain() }

func dieAgain() { panic("die") }

// mayReturn's call returns when ok: nothing is reported.
func mayReturn(p *int, ok bool) int {
	if p == nil {
		exits.Maybe(ok)
	}
	if p != nil {
		return *p
	}
	return 0
}

func fatal(t *testing.T, p *int) int {
	if p == nil {
		t.Fatal("nil p")
	}
	if p != nil { // want `p != nil is always true: p was already compared with nil at exituse.go:50`
		return *p
	}
	return 0
}

// inClosure calls exits.Fatal, which never returns, only inside a
// function literal.
func inClosure(p *int) func() int {
	return func() int {
		if p == nil {
			exits.Fatal("nil p")
		}
		if p != nil { // want `p != nil is always true: p was already compared with nil at exituse.go:63`
			return *p
		}
		return 0
	}
}
