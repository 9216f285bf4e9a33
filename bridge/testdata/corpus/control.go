// Control: && and || (phis), closures, multiple results, defer,
// recover, panics with exit status 2.
package main

func divmod(a, b int) (q, r int) {
	defer func() {
		if e := recover(); e != nil {
			q, r = -1, -1
		}
	}()
	return a / b, a % b
}

func counter() (func() int, func()) {
	n := 0
	return func() int { n++; return n }, func() { n = 100 }
}

func check(a, b bool) bool { return a && !b || !a && b }

type errT struct{ msg string }

func (e *errT) Error() string { return "errT: " + e.msg }

func main() {
	println(check(true, false), check(true, true), check(false, true))
	q, r := divmod(17, 5)
	println(q, r)
	q, r = divmod(1, 0)
	println(q, r)
	inc, reset := counter()
	inc()
	inc()
	reset()
	println(inc())
	for i := 0; i < 3; i++ {
		defer println("deferred", i)
	}
	var arr []int
	defer func() {
		r := recover()
		println("caught:", r.(error).Error())
		panic(&errT{"final"})
	}()
	println(arr[5])
}
