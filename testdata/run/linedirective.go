// run

// runtime.Caller reports the file names of line directives as gc does:
// up to Go 1.26 as written (not cleaned, not joined to the directory),
// from Go 1.27 a relative one joined to the file's directory and
// cleaned; "??" for an empty one, the previous one for an empty name
// with a column.
// (No line here reports this file's own name: it depends on where the
// tree is.)

package main

import (
	"fmt"
	"runtime"
)

func where() string {
	_, f, l, _ := runtime.Caller(1)
	return fmt.Sprint(f, ":", l)
}

func main() {
//line foo.go:10
	fmt.Println(where())
//line ./sub/../bar.go:20
	fmt.Println(where())
//line :30
	fmt.Println(where())
//line /abs/x.go:40
	fmt.Println(where())
//line a\b.go:50
	fmt.Println(where())
	/*line c.go:60:1*/ fmt.Println(where())
	/*line :65:1*/ fmt.Println(where())
}

func init() {
	/*line :70:1*/ fmt.Println(where())
}
