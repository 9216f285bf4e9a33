// run

// A statement's calls run before its other operands are read, as gc
// orders them (the spec leaves it open): a variable a call of the same
// statement changes is read afterwards, while len, cap, type
// assertions, receives and a call's own operands are evaluated in order
// with the calls.

package main

import "fmt"

var (
	a       = 1
	s       = []int{10, 20, 30}
	i       = 0
	p       = &s[0]
	st      = S{1, 2}
	m       = map[int]int{1: 100}
	str     = "ab"
	bs      = []byte("xy")
	iv  any = 7
	t       = T{1}
	tp      = &T{1}
	ii  I   = T{1}
)

type S struct{ x, y int }

// P is converted to an interface through its address, [1]int32 and R
// by value (gc's convT against convT32 and convT64).
type P struct{ x, y int32 }

type R struct{ x int64 }

var a32 int32 = 1

func f32() int32 {
	a32++
	return a32
}

type T struct{ v int }

func (t T) get(x int) int   { return t.v*1000 + x }
func (t *T) pget(x int) int { return t.v*1000 + x }

type I interface{ get(int) int }

func f() int {
	a++
	i++
	s[0]++
	st.x++
	m[1]++
	str += "c"
	bs[0]++
	t.v++
	tp = &T{50}
	ii = T{9}
	iv = 8
	p = &s[2]
	return a
}

func g(x, y int) int { return x*1000 + y }

func reset() {
	a, i, st, m[1], str, iv, t, tp, ii = 1, 0, S{1, 2}, 100, "ab", 7, T{1}, &T{1}, T{1}
	s = []int{10, 20, 30}
	p = &s[0]
	bs = []byte("xy")
}

func main() {
	reset()
	fmt.Println("slice literal:", []int{a, f()})
	reset()
	fmt.Println("array literal:", [2]int{a, f()}, "struct literal:", S{a, f()})
	reset()
	fmt.Println("arguments:", g(a, f()), "binary:", a+f(), "unary:", -a, f())
	reset()
	fmt.Println("element, deref, field, map:", g(s[0], f()), g(*p, f()), g(st.x, f()), g(m[1], f()))
	reset()
	fmt.Println("string, struct to interface:", str, st, f())
	reset()
	fmt.Println("concatenation, conversion:", str+fmt.Sprint(f()), string(bs)+fmt.Sprint(f()))
	reset()
	x, y := func() (int, int) { return a, f() }()
	fmt.Println("return:", x, y)
	reset()
	fmt.Println("receivers:", t.get(f()), tp.pget(f()), ii.get(f()))
	reset()
	s[i] = f()
	fmt.Println("left index:", s)
	reset()
	*p = f() * 100
	fmt.Println("left pointer:", s)
	reset()
	fn := func(x int) int { return x }
	fmt.Println("nested call:", fn(a+fn(f())), "comparison:", a == f())
	reset()
	fmt.Println("in order — type assertion, len, a call's operand:", iv.(int), len(str), fmt.Sprint(a), f(), len(str))
	reset()
	fmt.Println("in order — map literal:", map[int]int{0: a, 1: f()})
	reset()
	c := make(chan int, 1)
	c <- 5
	fmt.Println("receive:", g(a, <-c+f()*0))
	reset()
	fmt.Println("append:", append(s, f()))
	reset()
	a += f()
	fmt.Println("op-assign:", a)
	reset()
	func() {
		defer fmt.Println("deferred arguments:", a, f())
	}()
	reset()
	v := a > 1 || f() > 0
	fmt.Println("or:", v, a)
	a32 = 1
	fmt.Println("literals copied or converted by value:", P{a32, 0}, [1]int32{a32}, R{int64(a32)}, f32())
	reset()
	k := map[int]int{2: 5}
	fmt.Println("key call:", k[f()], a)
}
