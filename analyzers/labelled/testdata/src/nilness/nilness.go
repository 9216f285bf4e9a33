// Package nilness is the labelled corpus of the nilness analyzer.
package nilness

import "errors"

type node struct {
	next *node
	val  int
}

// Dereferenced first, checked after: the check cannot fail.
func lengthAfterUse(n *node) int {
	v := n.val
	if n != nil { // label: report (n was dereferenced just above)
		return v + 1
	}
	return v
}

// Checked twice on the same path.
func twice(n *node) int {
	if n == nil {
		return 0
	}
	if n != nil { // label: report (the first check returned for nil)
		return n.val
	}
	return -1
}

// A new value is never nil.
func fresh() *node {
	n := &node{}
	if n == nil { // label: report (an allocation is never nil)
		return nil
	}
	return n
}

// A parameter may be nil.
func maybe(n *node) int {
	if n != nil { // label: quiet (the caller may pass nil)
		return n.val
	}
	return 0
}

// A loop walks the list: the condition changes with n.
func walk(n *node) (c int) {
	for n != nil { // label: quiet (n changes every round)
		c++
		n = n.next
	}
	return c
}

type holder struct{ p *node }

func (h *holder) reset() { h.p = nil }

// A call between two loads of a field may change it.
func reload(h *holder) int {
	if h.p != nil {
		h.reset()
		if h.p != nil { // label: quiet (reset may have cleared the field)
			return h.p.val
		}
	}
	return 0
}

// A failed comma-ok assertion gives the zero value.
func assertFailed(x any) int {
	p, ok := x.(*node)
	if !ok {
		return p.val // label: report (p is nil when the assertion failed)
	}
	return 0
}

// A successful assertion may still hold a nil pointer.
func assertNilInside(x any) int {
	p, ok := x.(*node)
	if ok && p == nil { // label: quiet (x may hold a nil *node)
		return -1
	}
	return 0
}

func parse(s string) (*node, error) {
	if s == "" {
		return nil, errors.New("empty")
	}
	return &node{val: len(s)}, nil
}

// The second error is never looked at: the check tests the first one
// again, which returned already (a test pattern seen checking the
// wrong variable).
func wrongErr(a, b string) int {
	x, err := parse(a)
	if err != nil {
		return -1
	}
	y, err2 := parse(b)
	if err != nil { // label: report (err was checked above; err2 was meant)
		return -2
	}
	_ = err2
	return x.val + y.val
}

// A map declared and never made.
func tally(words []string) map[string]int {
	var m map[string]int
	for _, w := range words {
		m[w]++ // label: report (m is nil: the write panics)
	}
	return m
}

// A channel declared and never made.
func notify() {
	var done chan struct{}
	done <- struct{}{} // label: report (a send on a nil channel blocks forever)
}

// Calling a method of an interface known to be nil.
func describe(err error) string {
	if err == nil {
		return err.Error() // label: report (err is nil in this branch)
	}
	return ""
}

// A closure may set the variable.
func viaClosure() int {
	var p *node
	set := func() { p = &node{val: 1} }
	set()
	if p != nil { // label: quiet (set assigned p)
		return p.val
	}
	return 0
}

// A map's value may be a nil pointer.
func lookup(m map[string]*node, k string) int {
	v, ok := m[k]
	if ok && v == nil { // label: quiet (a nil may be stored)
		return -1
	}
	return 0
}

func value(n *node) int { return n.val }

// Passing nil to a function that dereferences its parameter.
func passNil() int {
	return value(nil) // label: report (value dereferences n)
}

// A call through a method that reads its receiver's field proves the
// receiver was not nil.
func (n *node) get() int { return n.val }

func afterMethod(n *node) int {
	v := n.get()
	if n == nil { // label: report (get read n.val, so n was not nil)
		return -1
	}
	return v
}

// After a recovered panic the dereference may be what failed.
func guarded(n *node) (v int) {
	defer func() {
		if recover() != nil {
			if n == nil { // label: quiet (the panic may have been n's)
				v = -1
			}
		}
	}()
	return n.val
}

// The pointer is reassigned in one branch only.
func branches(n *node, c bool) int {
	if c {
		n = &node{}
	}
	if n != nil { // label: quiet (n is the parameter when c is false)
		return n.val
	}
	return 0
}

// Both branches assign a fresh value.
func bothFresh(c bool) int {
	var n *node
	if c {
		n = &node{val: 1}
	} else {
		n = &node{val: 2}
	}
	if n == nil { // label: report (both paths allocate)
		return -1
	}
	return n.val
}

// The same pointer under another name.
func alias(n *node) int {
	m := n
	v := m.val
	if n == nil { // label: report (m, which is n, was dereferenced)
		return -1
	}
	return v
}

func present(n *node) bool { return n != nil }

// A helper's result says n is not nil: inside, n == nil cannot hold.
func viaHelper(n *node) int {
	if present(n) {
		if n == nil { // label: report (present returned true only for a non-nil n)
			return -1
		}
		return n.val
	}
	return 0
}
