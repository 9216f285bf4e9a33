package nilness

type node struct{ next *node }

func deref(n *node) *node {
	m := n.next
	if n != nil { // want `n != nil is always true: n was already dereferenced at a.go:6$`
		return m
	}
	return nil
}
