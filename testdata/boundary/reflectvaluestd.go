// A reflect.Value of the interpreter means nothing to real code.

package main

import (
	"fmt"
	"reflect"
	"sync"
)

func main() {
	var m sync.Map
	fmt.Println("before")
	m.Store(reflect.ValueOf(1), true)
	fmt.Println(m.Load(reflect.ValueOf(1)))
}
