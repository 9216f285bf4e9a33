// run

// A reflect.Value printed by fmt: the value it holds at the top level, its String method ("<int Value>") nested; %v of a reflect.Type is its name.
// (fmt runs interpreted from source, over the interpreter's reflect:
// the real fmt cannot see program types.)

package main

import (
	"fmt"
	"reflect"
)

func main() {
	fmt.Println(reflect.ValueOf(1), reflect.TypeOf(1))
	fmt.Println([]reflect.Value{reflect.ValueOf(1)})
}
