package a

// Facts through slices, conversions, calls, type assertions and
// switches.

func nilSlices(n int) {
	made := make([]int, 0)
	if made == nil { // want `made == nil is always false`
		return
	}
	var none []int
	cut := none[:]
	if cut == nil { // want `cut == nil is always true`
		print(0)
	}
	_ = cut[n] // want `index of a nil slice: the value is always nil here`
}

func rangeNil(s []int, m map[int]int) {
	if s == nil {
		for i := range s {
			_ = s[i] // want `index of a nil slice: the value is nil since the comparison at keep.go:20`
		}
		for range s { // not reported: nothing indexes s
		}
	}
	if m == nil {
		for range m { // want `range over a nil map \(no iterations\)`
		}
	}
}

func toArray(s []int) {
	if s == nil {
		p := (*[0]int)(s)
		_ = *p                // want `nil dereference: the value is nil since the comparison at keep.go:34`
		_ = (*[2]int)(s)      // want `conversion of a nil slice to a pointer to a non-empty array`
		_ = *(*[0]int)(s[:0]) // want `nil dereference: the value is nil since the comparison at keep.go:34`
	}
}

type shape interface {
	area() int
	name() string
}

type named interface{ name() string }

// The call through s says s is not nil, and n, changed from s, with it.
func calledThrough(s shape) {
	s.area()
	n := named(s)
	if n != nil { // want `n != nil is always true: n was already called through at keep.go:51`
		print(n.name())
	}
}

// n == nil says s, which n was changed from, is nil too.
func changedFrom(s shape) {
	n := named(s)
	if n == nil {
		s.area()   // want `method call on a nil interface: the value is nil since the comparison at keep.go:61`
		_ = s.name // want `method value of a nil interface`
	}
}

func asserted(x any) int {
	p, ok := x.(*int)
	if !ok {
		return *p // want `nil dereference: the value is nil since the type assertion failed at keep.go:68$`
	}
	if ok {
		return *p // not reported: x may hold a nil *int
	}
	return 0
}

func assertedIface(x any) {
	s, ok := x.(shape)
	if ok && s == nil { // want `s == nil is always false: s holds the value of a type assertion that succeeded at keep.go:79`
		return
	}
	if x == nil {
		_ = x.(shape) // want `type assertion on a nil interface`
	}
}

func switches(a any, e error) {
	switch a.(type) {
	case nil:
		return
	}
	switch a.(type) {
	case nil: // want `a == nil is always false: a was already compared with nil at keep.go:90`
		return
	case int:
	}
	switch e {
	case nil:
		return
	}
	switch e {
	case nil: // want `e == nil is always false`
	}
}

// Not reported: a call after the check may change the field; a loop
// changes the variable.
type node struct{ next *node }

func (n *node) advance() { n.next = nil }

func reloaded(n *node) {
	if n.next != nil {
		n.advance()
		if n.next != nil {
			print(0)
		}
	}
	var p *node
	for i := 0; i < 3; i++ {
		if p != nil {
			print(1)
		}
		p = n
	}
}

func _(err error) {
	if err == nil {
		err.Error() // want `method call on a nil interface`
	}
}

// Not reported: the arguments are read through the first one's address.
//
//go:cgo_unsafe_args
func unsafeArgs(p *int) {
	if p == nil {
		print(*p)
	}
}

// Not reported: another goroutine may set the field before it sends.
type slot struct{ p *int }

func waitSet(s *slot, done chan bool) int {
	if s.p == nil {
		<-done
		if s.p == nil {
			return 0
		}
	}
	return *s.p
}

func spawnSet(s *slot) int {
	done := make(chan bool)
	go func() {
		s.p = new(int)
		done <- true
	}()
	return waitSet(s, done)
}
