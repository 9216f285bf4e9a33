package a

type T struct {
	f    *int
	next *T
}

func deref(p *int) int {
	x := *p
	if p != nil { // want `p != nil is always true: p was already dereferenced at a.go:9`
		return x
	}
	return 0
}

func derefEq(p *T) bool {
	_ = p.next
	return p == nil // want `p == nil is always false: p was already dereferenced at a.go:17`
}

func compared(p *int) int {
	if p == nil {
		return 0
	}
	if p != nil { // want `p != nil is always true: p was already compared with nil at a.go:22`
		return *p
	}
	return 1
}

func alloc() bool {
	p := new(int)
	return p != nil // want `p != nil is always true: p is a new variable's address`
}

// phis: every path leaves q non-nil.
func phis(a, b *int, c bool) int {
	var q *int
	if c {
		q = a
		_ = *a
	} else {
		q = b
		_ = *b
	}
	if q == nil { // want `q == nil is always false: q is never nil here`
		return 0
	}
	return *q
}

// fields loaded twice with nothing written between.
func fields(t *T) int {
	if t.f != nil {
		if t.f == nil { // want `t.f == nil is always false: t.f was already compared with nil at a.go:54`
			return 0
		}
		return *t.f
	}
	return 1
}

// Not reported: the field may change through a call or a store.

func touch(t *T) { t.f = nil }

func fieldAfterCall(t *T) int {
	if t.f != nil {
		touch(t)
		if t.f == nil {
			return 0
		}
	}
	return 1
}

func fieldAfterStore(t *T, u *T) int {
	if t.f != nil {
		u.f = nil // u may be t
		if t.f == nil {
			return 0
		}
	}
	return 1
}

// Not reported: a variable changed in a loop.
func loop(t *T) int {
	n := 0
	for p := t; p != nil; p = p.next {
		n++
	}
	return n
}

// Not reported: changed through a pointer.
func viaPointer(pp **int) bool {
	p := *pp
	if p == nil {
		return false
	}
	*pp = nil
	return *pp != nil
}

// Not reported: after a recovered panic the dereference may not have
// happened.
func recovered(p *int) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = p != nil
		}
	}()
	_ = *p
	return true
}

// Not reported: a parameter compared once.
func once(p *int) bool { return p != nil }

// Not reported: code under a false constant never runs.
const debug = false

func dead(p *int) int {
	x := *p
	if debug {
		if p == nil {
			return 0
		}
	}
	return x
}

// Values that are always nil.
func nilAfterComparison(p *int) int {
	if p == nil {
		if p == nil { // want `p == nil is always true: p is nil since the comparison at a.go:136`
			println("nil")
		}
		return *p // want `nil dereference: the value is nil since the comparison at a.go:136`
	}
	return 0
}

func nilVar() bool {
	var q *int
	return q != nil // want `q != nil is always false: q is always nil here`
}

// Not reported: p is nil on one path only.
func nilOnOnePath(p *int, c bool) int {
	if c {
		p = nil
	}
	return *p
}

// Not reported: faults on purpose.
func crash() {
	*(*int)(nil) = 0
}

// Nil used where it fails or blocks.
func nilFunc(f func()) {
	if f == nil {
		f() // want `call of a nil function: the value is nil since the comparison at a.go:165`
	}
}

func nilMap() {
	var m map[string]int
	m["a"] = 1 // want `assignment to an entry of a nil map: the value is always nil here`
}

func nilPanic(err error) {
	if err == nil {
		panic(err) // want `panic with a nil value`
	}
}

func nilInterface(e error) string {
	if e == nil {
		return e.Error() // want `method call on a nil interface: the value is nil since the comparison at a.go:182`
	}
	return ""
}

func nilChannel() {
	var ch chan int
	ch <- 1 // want `send on a nil channel blocks forever`
}
