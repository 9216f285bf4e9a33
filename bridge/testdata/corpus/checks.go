// Every explicit check kind, failing and passing.
package main

type node struct{ next *node }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			println(name, "->", r.(error).Error())
		}
	}()
	f()
	println(name, "ok")
}

func main() {
	var p *node
	s := []int{1, 2, 3}
	zero, neg, big := 0, -1, 5
	var u uint = 1 << 63
	try("nil", func() { println(p.next) })
	try("bounds", func() { println(s[big]) })
	try("bounds-neg", func() { println(s[neg]) })
	try("bounds-unsigned", func() { println(s[u]) })
	try("slice", func() { println(s[2:big]) })
	try("slice-lo", func() { println(s[big:]) })
	try("slice3", func() { println(s[0:1:big]) })
	try("string-slice", func() { println("abc"[1:big]) })
	try("div", func() { println(10 / zero) })
	try("rem", func() { println(10 % zero) })
	try("shift", func() { println(1 << neg) })
	try("convert", func() { _ = [4]int(s) })
	try("array-ptr", func() { var a *[3]int; println(a[1]) })
	try("fine", func() { println(s[1:2:3][0], 7/(zero+1), 1<<uint(big)) })
}
