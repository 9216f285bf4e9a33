// A reflect.Value nested in what fmt prints shows its String method
// ("<int Value>"), and %T of a reflect.Type names reflect's own type:
// the interpreter's Values and Types are not reflect's.

package main

import (
	"fmt"
	"reflect"
)

func main() {
	fmt.Println(reflect.ValueOf(1), reflect.TypeOf(1))
	fmt.Println([]reflect.Value{reflect.ValueOf(1)})
}
