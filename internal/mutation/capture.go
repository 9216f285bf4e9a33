// This file captures the process's standard output for the runs of a
// suite.

package mutation

import (
	"bytes"
	"fmt"
	"os"
	"sync"
)

// stdoutCapture redirects the process's standard output to a pipe while
// a suite runs. The interpreter calls the standard library for real,
// and fmt.Printf and the like write to os.Stdout, not to
// interp.Options.Stdout; so runs take turns (turn), and each takes what
// reached the pipe between two markers.
type stdoutCapture struct {
	turn sync.Mutex // held for a whole run

	orig, r, w *os.File
	done       chan struct{} // closed when the reader stops
	n          int           // markers written

	mu   sync.Mutex
	cond *sync.Cond // signalled when buf grows
	buf  []byte     // read from the pipe, not yet cut
}

func captureStdout() (*stdoutCapture, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c := &stdoutCapture{orig: os.Stdout, r: r, w: w, done: make(chan struct{})}
	c.cond = sync.NewCond(&c.mu)
	go func() {
		defer close(c.done)
		b := make([]byte, 32<<10)
		for {
			n, err := r.Read(b)
			c.mu.Lock()
			c.buf = append(c.buf, b[:n]...)
			c.cond.Broadcast()
			c.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	os.Stdout = w
	return c, nil
}

// restore puts the process's standard output back.
func (c *stdoutCapture) restore() {
	os.Stdout = c.orig
	c.w.Close()
	<-c.done
	c.r.Close()
}

// cut returns what reached the pipe since the previous cut: it writes a
// marker and waits for the reader to see it (the pipe keeps the order of
// writes). The caller holds turn.
func (c *stdoutCapture) cut() []byte {
	c.n++
	marker := fmt.Appendf(nil, "\x00mutation marker %d\x00", c.n)
	if _, err := c.w.Write(marker); err != nil {
		panic(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		if i := bytes.Index(c.buf, marker); i >= 0 {
			out := bytes.Clone(c.buf[:i])
			c.buf = append(c.buf[:0], c.buf[i+len(marker):]...)
			return out
		}
		c.cond.Wait()
	}
}

// syncBuffer is an output buffer that goroutines left running after the
// end of a run may still write to.
type syncBuffer struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	closed bool
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.buf.Write(p)
	}
	return len(p), nil
}

func (b *syncBuffer) WriteString(s string) { b.Write([]byte(s)) }

// close returns the contents and drops later writes.
func (b *syncBuffer) close() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	return bytes.Clone(b.buf.Bytes())
}
