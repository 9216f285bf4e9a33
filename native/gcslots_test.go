package native

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPointersAcrossCalls runs compiled code that keeps pointers across
// calls into Go which collect garbage and move the stack: a pointer
// loaded from memory (its object reachable from nothing else during the
// call: the collector must find it in the frame, or its finalizer runs)
// and a pointer into a slice of the caller's stack (the copier must
// adjust it, or the write after the call goes to the old stack), both
// by a call of a Go function and of compiled ones, and pointers that
// compiled calls return (Get's, Sub's) kept across the calls after. It fails if the
// frame's pointer map misses the slots (wrong place or size) or if the
// pointers are kept anywhere else across the calls; before the slots
// the functions were refused.
func TestPointersAcrossCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs a test")
	}
	src := fallback + `func Across(pp **Obj, s []byte, i int) int {
	q := *pp
	t := s[i:]
	Churn()
	t[0] = 7
	return q.V
}

func AcrossCompiled(pp **Obj, s []byte, i int) int {
	q := *pp
	t := s[i:]
	n := 0
	for k := range t {
		n += Step(k)
		t[k] = byte(n)
	}
	return q.V + n
}

func Step(k int) int {
	Churn()
	return k + 1
}

func AcrossResult(pp **Obj, s []byte, i int) int {
	q := Get(pp, 2)
	t := Sub(s, i, 2)
	Churn()
	t[0] = 7
	return q.V
}

// Sub and Get call themselves: not inlined, their results come from
// calls.
func Sub(s []byte, i, n int) []byte {
	if n > 0 {
		return Sub(s, i, n-1)
	}
	Churn()
	return s[i:]
}

func Get(pp **Obj, n int) *Obj {
	if n > 0 {
		return Get(pp, n-1)
	}
	q := *pp
	Churn()
	return q
}
`
	shared := `package p

type Obj struct {
	V int
	_ [64]byte
}

var Hook func()

func Churn() {
	if Hook != nil {
		Hook()
	}
}
`
	test := `package p

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

//go:noinline
func grow(n int) byte {
	var buf [512]byte
	buf[n%512] = byte(n)
	if n == 0 {
		return buf[0]
	}
	return grow(n-1) + buf[7]
}

func check(t *testing.T, f func(**Obj, []byte, int) int, want func([]byte) int) {
	for round := 0; round < 3; round++ {
		var freed atomic.Bool
		o := &Obj{V: 42}
		runtime.SetFinalizer(o, func(*Obj) { freed.Store(true) })
		holder := new(*Obj)
		*holder = o
		o = nil
		calls := 0
		Hook = func() {
			calls++
			if calls > 3 {
				return
			}
			*holder = nil
			runtime.GC()
			runtime.GC()
			time.Sleep(5 * time.Millisecond) // the finalizer's goroutine runs
			grow(2000)                       // copies the stack
		}
		var a [16]byte // on the stack: the declaration is //go:noescape
		got := f(holder, a[:], 5)
		Hook = nil
		if freed.Load() {
			t.Fatalf("round %d: the object was freed while the compiled code held it", round)
		}
		if w := want(a[:]); got != w {
			t.Fatalf("round %d: got %d, want %d; a = %v", round, got, w, a)
		}
	}
}

func TestAcross(t *testing.T) {
	check(t, Across, func(a []byte) int {
		if a[5] != 7 {
			return -1 // the write went to the old stack
		}
		return 42
	})
}

func TestAcrossResult(t *testing.T) {
	check(t, AcrossResult, func(a []byte) int {
		if a[5] != 7 {
			return -1
		}
		return 42
	})
}

func TestAcrossCompiled(t *testing.T) {
	check(t, AcrossCompiled, func(a []byte) int {
		// n after k steps is 1+2+...+k; a[5+k] = byte(n).
		n := 0
		for k := 0; k < 11; k++ {
			n += k + 1
			if a[5+k] != byte(n) {
				return -1
			}
		}
		return 42 + n
	})
}
`
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared, "a_test.go": test})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Across", "AcrossCompiled", "Step", "AcrossResult", "Sub", "Get"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var asm string
	for _, path := range out.Order {
		if strings.HasSuffix(path, ".s") {
			asm += string(out.Files[path])
		}
	}
	if text := textOf(asm, "AcrossResult"); !strings.Contains(text, "CALL ·Get(SB)") || !strings.Contains(text, "CALL ·Sub(SB)") {
		// The pointer results must come from calls, kept after them.
		t.Fatalf("AcrossResult does not call Get and Sub:\n%s", text)
	}
	if !strings.Contains(textOf(asm, "Across"), "FUNCDATA $FUNCDATA_LocalsPointerMaps") {
		t.Fatalf("Across has no pointer map of its own:\n%s\n%v", asm, out.Warnings)
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestAcross", ".")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, b, asm)
	}
	cmd = exec.Command("go", "vet", ".")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, b)
	}
}
