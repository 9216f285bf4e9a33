package a

import "sync"

// Not reported: changed through a pointer, or by another goroutine
// between the lock and the unlock.
type guarded struct {
	mu sync.Mutex
	n  int
}

func throughPointer(c *counter, p *int) bool {
	if c.n > 10 {
		*p = 0
		return c.n > 10
	}
	return false
}

func locked(g *guarded) bool {
	if g.n > 10 {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.n > 10
	}
	return false
}
