// run

// Failed assertions of nil interfaces, and method values of nil
// interfaces, panic with gc's messages.

package main

import "fmt"

type I interface{ M() }
type J interface{ N() }
type T struct{}

func (T) M() { fmt.Println("M") }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, ok := r.(error)
		fmt.Println(name+":", r, ok)
	}()
	f()
}

func methodValue[X interface{ M() }](x X) {
	f := x.M
	f()
}

func main() {
	var i I
	var e any
	try("I to J", func() { _ = i.(J) })
	try("I to T", func() { _ = i.(T) })
	try("I to I", func() { _ = i.(I) })
	try("any to J", func() { _ = e.(J) })
	try("any to T", func() { _ = e.(T) })
	try("any to any", func() { _ = e.(any) })
	try("any to Stringer", func() { _ = e.(fmt.Stringer) })
	try("method value", func() { f := i.M; f() })
	try("assertion, then method value", func() { _ = i.(I); f := i.M; f() })
	try("generic method value", func() { methodValue[I](nil) })
	try("generic method value, not nil", func() { methodValue[I](T{}) })
	try("generic method value, concrete", func() { methodValue(T{}) })
	try("asserted method value", func() { f := e.(fmt.Stringer).String; _ = f })
}
