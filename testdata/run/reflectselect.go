// run

// reflect.Select on the program's channels: sends, receives (values of
// program types, closed channels), defaults, nil and absent channels,
// a blocking select woken by another goroutine, and reflect's panics.

package main

import (
	"fmt"
	"reflect"
	"time"
)

type msg struct {
	id   int
	text string
}

type hidden struct{ ch chan int }

func try(name string, cases []reflect.SelectCase) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	chosen, v, ok := reflect.Select(cases)
	fmt.Println(name, chosen, v.IsValid(), ok)
}

func main() {
	a := make(chan msg, 1)
	b := make(chan int, 1)
	a <- msg{1, "one"}
	cases := []reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(a)},
		{Dir: reflect.SelectSend, Chan: reflect.ValueOf(b), Send: reflect.ValueOf(7)},
	}
	got := map[int]bool{}
	for range 2 {
		chosen, v, ok := reflect.Select(cases)
		got[chosen] = true
		if chosen == 0 {
			fmt.Println("received", v.Interface(), ok, v.Type(), v.CanSet())
		}
	}
	fmt.Println(got[0], got[1], <-b)

	// Default when nothing is ready; a nil channel and an absent one are
	// never ready.
	var nilch chan int
	chosen, v, ok := reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(nilch)},
		{Dir: reflect.SelectRecv},
		{Dir: reflect.SelectSend},
		{Dir: reflect.SelectDefault},
	})
	fmt.Println(chosen, v.IsValid(), ok)

	// A closed channel is ready with its zero value.
	close(a)
	chosen, v, ok = reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(a)}})
	fmt.Println(chosen, v.Interface(), ok)

	// Blocking until another goroutine sends; interface elements.
	c := make(chan any)
	go func() {
		time.Sleep(10 * time.Millisecond)
		c <- msg{2, "two"}
	}()
	chosen, v, ok = reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c)}})
	fmt.Println(chosen, v.Kind(), v.Elem().Interface(), ok)

	h := reflect.ValueOf(hidden{make(chan int, 1)})
	try("invalid dir", []reflect.SelectCase{{Dir: 0}})
	try("two defaults", []reflect.SelectCase{{Dir: reflect.SelectDefault}, {Dir: reflect.SelectDefault}})
	try("default with chan", []reflect.SelectCase{{Dir: reflect.SelectDefault, Chan: reflect.ValueOf(b)}})
	try("default with send", []reflect.SelectCase{{Dir: reflect.SelectDefault, Send: reflect.ValueOf(1)}})
	try("send missing value", []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(b)}})
	try("send wrong type", []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(b), Send: reflect.ValueOf("x")}})
	try("send on recv-only", []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf((<-chan int)(b)), Send: reflect.ValueOf(1)}})
	try("recv on send-only", []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf((chan<- int)(b))}})
	try("recv with send", []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(b), Send: reflect.ValueOf(1)}})
	try("not a chan", []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(1)}})
	try("unexported chan", []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: h.Field(0)}, {Dir: reflect.SelectDefault}})
	closed := make(chan int)
	close(closed)
	try("send on closed", []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(closed), Send: reflect.ValueOf(1)}})
	try("default only", []reflect.SelectCase{{Dir: reflect.SelectDefault}})
}
