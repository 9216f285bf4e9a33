// run

// reflect.Values as operands of Print-like functions: fmt spaces
// operands neither of which is a string, and a Value is none, even one
// holding a string (the interpreter gave real fmt the string itself).

package main

import (
	"fmt"
	"log"
	"os"
	"reflect"
)

type name string

type loud string

func (l loud) String() string { return string(l) + "!" }

func main() {
	k, one := reflect.ValueOf("k"), reflect.ValueOf(1)
	fmt.Print(k, one, "\n")
	fmt.Print(one, k, one, "\n")
	fmt.Print("s", k, "t", "\n")
	fmt.Print(reflect.ValueOf(name("n")), reflect.ValueOf(loud("l")), one, "\n")
	fmt.Println(k, one, reflect.ValueOf(loud("l")))
	fmt.Printf("%q %5s|%x %v\n", k, k, k, reflect.ValueOf(name("n")))
	fmt.Print(fmt.Sprint(k, k), "\n")
	fmt.Fprint(os.Stdout, k, one, k, "\n")
	fmt.Print(string(fmt.Append(nil, one, k, one)), "\n")
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Print(k, one, k)
	l := log.New(os.Stdout, "> ", 0)
	l.Print(one, k)
}
