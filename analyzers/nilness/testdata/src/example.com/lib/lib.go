// Package lib has functions whose contracts (results never nil,
// parameters never nil when they return) reach the packages that call
// them as facts.
package lib

type T struct{ X int }

// New never returns nil.
func New() *T { return &T{} }

// Get dereferences p on every path.
func Get(p *T) int { return p.X }

// Must does not return for nil: it panics.
func Must(p *T) *T {
	if p == nil {
		panic("lib: nil T")
	}
	return p
}

// Value dereferences its receiver.
func (t *T) Value() int { return t.X }

// Maybe may return nil.
func Maybe(ok bool) *T {
	if ok {
		return &T{}
	}
	return nil
}

// Guarded accepts nil.
func Guarded(p *T) int {
	if p == nil {
		return 0
	}
	return p.X
}

// Recovered dereferences p, but recovers from the panic: it returns
// for nil too.
func Recovered(p *T) (x int) {
	defer func() { recover() }()
	return p.X
}

// Twice calls Get: its contract follows from Get's, in the package.
func Twice(p *T) int { return Get(p) + Get(p) }

// Never returns no value at all: it promises nothing.
func Never(p *T) int { panic("never") }

// Get2 dereferences p and may return nil: its contract has the
// parameter but not the result.
func Get2(p *T) *T {
	if p.X == 0 {
		return nil
	}
	return p
}
