// run

// A compound assignment x op= y is evaluated as gc evaluates x = x op y:
// the calls of y first, then the read of x (with the checks of its index
// or pointer), then the rest of y. So of two failing index expressions,
// x's panics first unless y's is in a call.

package main

import "fmt"

var (
	a, b []int8
	arr  [4]int
	i, j = 6, 1
	k    = 9
	n    int
)

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func bump() int {
	n++
	fmt.Println("bump", n)
	return 1
}

func at(s []int8, x int) int8 { return s[x] }

func main() {
	try("slice /= slice", func() { a[i] /= b[j] })
	try("slice = slice", func() { a[i] = b[j] })
	try("slice += same slice", func() { a[i] += a[j] })
	try("slice -= call", func() { a[i] -= int8(bump()) })
	try("slice += call that panics", func() { a[i] += at(b, j) })
	try("array += array", func() { arr[k&7] += arr[(k+1)&7] })
	try("array ^= slice", func() { arr[k&7] ^= int(b[j]) })
	var p, q *int
	try("deref += deref", func() { *p += *q })
	m := map[int]int{}
	try("map += slice", func() { m[1] += int(b[j]) })
	fmt.Println("map after:", m)
	c := []int{1, 2, 3}
	x := 0
	try("index changed by the call", func() { c[x] += func() int { x = 2; return 10 }() })
	fmt.Println("c:", c)
	try("division by zero on the right", func() { z := 0; c[5] /= 1 / z })
	try("shift on the right", func() { s := -1; c[5] <<= 1 << s })
}
