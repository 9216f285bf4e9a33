// run

// reflect on method values (Value.Method's, a func of the method's type
// wherever it is used: ranged over, appended, sent, set, passed), variadic
// yields, Seq of the zero Value, nil Types, and Print's spaces around
// Values of interfaces holding strings. Found by a review against gc.

package main

import (
	"fmt"
	"reflect"
)

type N int

func (n N) Up(yield func(N) bool) {
	for i := N(0); i < n; i++ {
		if !yield(i) {
			return
		}
	}
}

func (n N) Get() int { return int(n) }

type L struct{ items []string }

func (l *L) All(yield func(int, string) bool) {
	for i, s := range l.items {
		if !yield(i, s) {
			return
		}
	}
}

type I interface{ Up(func(N) bool) }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	// Method values are funcs of the method's type wherever used.
	m := reflect.ValueOf(N(3)).MethodByName("Up")
	for x := range m.Seq() {
		fmt.Print(x, " ")
	}
	var i I = N(2)
	for x := range reflect.ValueOf(&i).Elem().Method(0).Seq() {
		fmt.Print(x, " ")
	}
	l := &L{[]string{"a", "b"}}
	for k, s := range reflect.ValueOf(l).MethodByName("All").Seq2() {
		fmt.Print(k, s, " ")
	}
	fmt.Println()
	try("seq2 of method", func() { m.Seq2() })
	fs := reflect.Append(reflect.ValueOf([]func(func(N) bool){}), m)
	fmt.Println(fs.Len(), fs.Index(0).Type())
	ch := reflect.ValueOf(make(chan func() int, 1))
	ch.Send(reflect.ValueOf(N(7)).MethodByName("Get"))
	got, _ := ch.Recv()
	fmt.Println(got.Call(nil)[0])
	typeName := reflect.ValueOf(func(a any) string { return fmt.Sprintf("%T", a) })
	fmt.Println(typeName.Call([]reflect.Value{m})[0])
	var f func() int
	reflect.ValueOf(&f).Elem().Set(reflect.ValueOf(N(9)).MethodByName("Get"))
	fmt.Println(f())
	try("send on method value", func() { m.Send(reflect.ValueOf(1)) })

	// A variadic yield is no range function.
	fmt.Println(reflect.TypeOf(func(func(int, ...int) bool) {}).CanSeq2(), reflect.TypeOf(func(func(...int) bool) {}).CanSeq())
	try("variadic yield", func() {
		for x := range reflect.ValueOf(func(yield func(...int) bool) { yield(1, 2) }).Seq() {
			fmt.Println(x)
		}
	})
	try("seq of zero", func() { reflect.Value{}.Seq() })
	try("seq2 of zero", func() { reflect.Value{}.Seq2() })

	// Nil Types.
	try("chanof nil", func() { reflect.ChanOf(reflect.BothDir, nil) })
	try("funcof nil", func() { reflect.FuncOf([]reflect.Type{nil}, nil, false) })
	try("makechan nil", func() { reflect.MakeChan(nil, 0) })
	try("makefunc nil", func() { reflect.MakeFunc(nil, nil) })

	// Print spaces Values, even of interfaces holding strings.
	var e any = "ifc"
	iv := reflect.ValueOf(&e).Elem()
	s := []any{"p", "q"}
	var n any = 5
	nv := reflect.ValueOf(&n).Elem()
	fmt.Print(iv, iv, "\n")
	fmt.Print(reflect.ValueOf(s).Index(0), reflect.ValueOf(s).Index(1), "\n")
	fmt.Print(nv, iv, nv, "\n")
	fmt.Println(len(fmt.Sprint(iv, iv)))
	mv := reflect.ValueOf(map[string]any{"k": "mv"}).MapIndex(reflect.ValueOf("k"))
	fmt.Print(mv, mv, "\n")
}
