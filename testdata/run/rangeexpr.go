// run

// A range expression whose length is constant is not evaluated when at
// most one iteration variable is present (the spec's exception), so a nil
// pointer or an index out of range in it does not panic; with a value
// variable, even a blank one, it is evaluated.

package main

import "fmt"

type T struct{ a *[3]int }

var nilT *T
var nilA *[2]int
var grid [2][3]int

//go:noinline
func idx() int { return 5 }

func try(name string, f func() int) {
	defer func() {
		if e := recover(); e != nil {
			fmt.Println(name, "panic:", e)
		}
	}()
	fmt.Println(name, f())
}

func main() {
	i := idx()
	try("blank value", func() int {
		n := 0
		for k, _ := range *nilA {
			n += k
		}
		return n
	})
	try("field", func() int {
		n := 0
		for k := range nilT.a {
			n += k
		}
		return n
	})
	try("deref field", func() int {
		n := 0
		for k := range *nilT.a {
			n += k
		}
		return n
	})
	try("index", func() int {
		n := 0
		for k := range grid[i] {
			n += k
		}
		return n
	})
	try("none", func() int {
		n := 0
		for range *nilA {
			n++
		}
		return n
	})
	try("value", func() int {
		n := 0
		for _, v := range *nilA {
			n += v
		}
		return n
	})
	try("composite", func() int {
		n := 0
		for k := range [2]int{grid[i][0], 1} {
			n += k
		}
		return n
	})
}
