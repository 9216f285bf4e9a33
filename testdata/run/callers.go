// run

// runtime.Callers, CallersFrames, Caller, runtime.Stack and debug.Stack
// show the program's frames as gc does: wrappers left out, the
// runtime's panic frames between a deferred call and the frame that
// panicked, runtime.main and runtime.goexit at the bottom. Stack texts
// are compared without pc offsets, argument words and goroutine
// numbers, which vary from build to build, and with base names of
// files.

package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
)

func frames(skip int) string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(skip, pcs)
	fr := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := fr.Next()
		out = append(out, fmt.Sprintf("%s:%d", f.Function, f.Line))
		if !more {
			break
		}
	}
	return strings.Join(out, " ")
}

var offset = regexp.MustCompile(` \+0x[0-9a-f]+$|^goroutine \d+ |\(.*\)$| in goroutine \d+$`)

func text(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		l = offset.ReplaceAllString(strings.TrimSpace(l), "")
		if strings.HasPrefix(l, "/") {
			l = filepath.Base(l)
		}
		out = append(out, l)
	}
	return strings.Join(out, " | ")
}

func probe(name string, f func()) {
	defer func() {
		recover()
		fmt.Println(name+":", frames(0))
		fmt.Println(name+":", text(string(debug.Stack())))
	}()
	f()
}

type In struct{}

func (*In) M() {
	fmt.Println("M:", frames(1))
	_, file, line, ok := runtime.Caller(1)
	fmt.Println("Caller:", filepath.Base(file), line, ok)
	buf := make([]byte, 4096)
	fmt.Println("Stack:", text(string(buf[:runtime.Stack(buf, false)])))
}

type Out struct{ *In }

type F func()

func (f F) Bar() { fmt.Println("Bar:", frames(1)) }

var p *int
var zero int
var s []int
var e any = 1

func main() {
	probe("panic", func() { panic("x") })
	probe("nil", func() { _ = *p })
	probe("div", func() { _ = 1 / zero })
	probe("index", func() { _ = s[zero] })
	probe("assert", func() { _ = e.(string) })
	probe("shift", func() { _ = 1 << (zero - 1) })
	var i interface{ M() } = Out{}
	i.M()
	f := F(func() {}).Bar
	f()
	done := make(chan bool)
	go func() {
		fmt.Println("go:", frames(1))
		fmt.Println("go:", text(string(debug.Stack())))
		done <- true
	}()
	<-done
}
