// run

// Values the standard library made (an errors.New error, a
// time.Duration) given through reflect to Append, Send, Set, Call and
// Select where an error or any is wanted: reflection on their types
// stopped with unsupported.

package main

import (
	"errors"
	"fmt"
	"reflect"
	"time"
)

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
	fmt.Printf("%s: ok\n", name)
}

func main() {
	e := errors.New("e")
	v := reflect.ValueOf(e)
	try("iface", func() { fmt.Println(v.Interface()) })
	try("append", func() { fmt.Println(reflect.Append(reflect.ValueOf([]error{}), v).Interface()) })
	try("send", func() {
		c := make(chan error, 1)
		reflect.ValueOf(c).Send(v)
		fmt.Println(<-c)
	})
	try("set", func() {
		var x error
		reflect.ValueOf(&x).Elem().Set(v)
		fmt.Println(x)
	})
	try("call any", func() {
		fmt.Println(reflect.ValueOf(func(a any) any { return a }).Call([]reflect.Value{v})[0])
	})
	try("call time", func() {
		d := time.Second
		fmt.Println(reflect.ValueOf(func(a time.Duration) string { return a.String() }).Call([]reflect.Value{reflect.ValueOf(d)})[0])
	})
	try("call ret error", func() {
		o := reflect.ValueOf(func() error { return errors.New("x") }).Call(nil)
		fmt.Println(o[0])
	})
	try("call errors.New", func() {
		o := reflect.ValueOf(errors.New).Call([]reflect.Value{reflect.ValueOf("hi")})
		fmt.Println(o[0])
	})
	try("select send", func() {
		c := make(chan error, 1)
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(c), Send: v}})
		fmt.Println(<-c)
	})
}
