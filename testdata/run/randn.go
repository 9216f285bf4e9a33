// run

// math/rand/v2.N of the program's and the standard library's integer
// types: in range, of the argument's type, and its panic (it stopped
// with unsupported: a generic function whose body needs the package's
// unexported generator).

package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

type small uint8

type id int64

func try(name string, f func()) {
	defer func() { fmt.Println(name, "recovered:", recover()) }()
	f()
}

func main() {
	ok := true
	for range 1000 {
		a, b, c, d := rand.N(10), rand.N(small(3)), rand.N(id(1)), rand.N(time.Second)
		ok = ok && 0 <= a && a < 10 && b < 3 && c == 0 && 0 <= d && d < time.Second
		e := rand.N(int8(127))
		ok = ok && 0 <= e && e < 127
		f := rand.N(^uint64(0))
		_ = f
	}
	fmt.Println(ok, fmt.Sprintf("%T %T", rand.N(small(5)), rand.N(time.Minute)))
	try("zero", func() { rand.N(0) })
	try("negative", func() { rand.N(-5) })
	try("zero uint", func() { rand.N(uint(0)) })
	try("negative int8", func() { rand.N(int8(-1)) })
}
