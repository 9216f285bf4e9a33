package use

import "example.com/lib"

func result() {
	p := lib.New()
	if p == nil { // want `p == nil is always false: p was returned by New, which never returns nil, at use.go:6`
		println("unreachable")
	}
}

func passed(p *lib.T) int {
	n := lib.Get(p)
	if p != nil { // want `p != nil is always true: p was already passed as p to Get at use.go:13`
		n++
	}
	return n
}

func method(t *lib.T) int {
	n := t.Value()
	if t == nil { // want `t == nil is always false: t was already passed as t to Value at use.go:21`
		n++
	}
	return n
}

func transitive(p *lib.T) {
	lib.Twice(p)
	_ = p != nil // want `p != nil is always true: p was already passed as p to Twice at use.go:29`
}

func nilArg() int {
	var p *lib.T
	return lib.Get(p) // want `nil passed as p to lib.Get, which does not return for a nil p: the argument is always nil here`
}

func nilChecked(p *lib.T) *lib.T {
	if p == nil {
		return lib.Must(p) // want `nil passed as p to lib.Must, which does not return for a nil p: the argument is nil since the comparison at use.go:39`
	}
	return p
}

// Not reported: functions that accept nil or may return it.
func fine(p *lib.T) {
	lib.Guarded(nil)
	lib.Recovered(nil)
	if q := lib.Maybe(true); q == nil {
		println("nil")
	}
	lib.Guarded(p)
	if p != nil {
		println("p")
	}
	if t := lib.Tagged(); t == nil {
		println("nil")
	}
	lib.Never(p) // never returns: nothing after it is analysed
}

// partial: Get2's contract covers its parameter, not its result: q is
// not nil at the comparison because both paths dereferenced it.
func partial(p *lib.T, c bool) {
	q := lib.Get2(p)
	if c {
		_ = q.X
	} else {
		q.X = 1
	}
	if q != nil { // want `q != nil is always true: q is never nil here$`
		println("q")
	}
}
