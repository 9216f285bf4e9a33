// Package gated holds nil comparisons that are redundant only through
// the branch that led to a join (a flag set with a pointer, a pointer
// set under a condition), and look-alikes that are not: the gated facts'
// labelled set (TestGated scores it).
package gated

type T struct{ x int }

type myErr struct{}

func (*myErr) Error() string { return "bad" }

func work() {}

func flag(p *T) int {
	ok := false
	if p != nil {
		ok = true
	}
	work()
	if ok {
		if p == nil { // want `p == nil is always false: p is never nil here, as the condition it is under holds only where p != nil was true at gated.go:17`
			return 0
		}
		return p.x
	}
	return -1
}

func flagCleared(p *T) int {
	ok := true
	if p == nil {
		ok = false
	}
	work()
	if ok {
		if p != nil { // want `p != nil is always true`
			return p.x
		}
	}
	return -1
}

func search(xs []*T, k int) int {
	var hit *T
	found := false
	for _, x := range xs {
		if x != nil && x.x == k {
			hit, found = x, true
			break
		}
	}
	if found {
		if hit == nil { // want `hit == nil is always false`
			return 0
		}
		return hit.x
	}
	return -1
}

func mode(c bool) int {
	var m int
	var p *T
	if c {
		m, p = 1, &T{}
	} else {
		m = 2
	}
	work()
	if m == 1 {
		if p == nil { // want `p == nil is always false: p is never nil here, as the condition it is under is set only with values that make it so`
			return 0
		}
		return p.x
	}
	return m
}

func errOrValue(c bool) (int, error) {
	var err error
	var v *T
	if c {
		v = &T{x: 1}
	} else {
		err = &myErr{}
	}
	work()
	if err == nil {
		if v == nil { // want `v == nil is always false`
			return 0, nil
		}
		return v.x, nil
	}
	return 0, err
}

func saved(p *T) int {
	has := p != nil
	work()
	if has {
		if p == nil { // want `p == nil is always false`
			return 0
		}
	}
	return 1
}

func both(p, q *T) int {
	ok := p != nil && q != nil
	work()
	if ok {
		if q == nil { // want `q == nil is always false: q is never nil here, as ok is true only where p != nil && q != nil held at gated.go:110`
			return 0
		}
		return q.x
	}
	return 1
}

func kind(a, b bool) int {
	k := 0
	var p *T
	switch {
	case a:
		k, p = 1, &T{}
	case b:
		k, p = 2, &T{x: 2}
	}
	work()
	if k != 0 {
		if p == nil { // want `p == nil is always false`
			return -1
		}
		return p.x
	}
	return 0
}

func buffer(n int) []byte {
	var buf []byte
	if n > 0 {
		buf = make([]byte, n)
	}
	work()
	if n > 0 {
		if buf == nil { // want `buf == nil is always false`
			return nil
		}
	}
	return buf
}

func alias(p *T) int {
	var w *T
	if p != nil {
		w = p
	}
	work()
	if w != nil {
		if p == nil { // want `p == nil is always false`
			return 0
		}
	}
	return 1
}

// Not redundant: p changed after the flag was set.
func flagStale(p, q *T) int {
	ok := false
	if p != nil {
		ok = true
	}
	p = q
	if ok {
		if p == nil {
			return 0
		}
	}
	return 1
}

// Not redundant: the flag is set on another path too.
func flagTwice(p *T, c bool) int {
	ok := false
	if p != nil {
		ok = true
	} else if c {
		ok = true
	}
	if ok {
		if p == nil {
			return 0
		}
	}
	return 1
}

// Not redundant: the pointer of mode 1 may be nil.
func modeMaybeNil(c bool, t *T) int {
	var m int
	var p *T
	if c {
		m, p = 1, t
	} else {
		m, p = 2, &T{}
	}
	if m == 1 {
		if p == nil {
			return 0
		}
	}
	return m
}

// Not redundant: w may come from q.
func aliasOther(p, q *T) int {
	var w *T
	if p != nil {
		w = p
	} else {
		w = q
	}
	if w != nil {
		if p == nil {
			return 0
		}
	}
	return 1
}

// Not redundant: || lets either hold.
func either(p, q *T) int {
	ok := p != nil || q != nil
	if ok {
		if q == nil {
			return 0
		}
	}
	return 1
}
