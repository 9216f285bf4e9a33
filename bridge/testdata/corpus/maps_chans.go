// Maps, channels, select, goroutines and range.
package main

import "sort"

func producer(ch chan<- int, n int, done chan struct{}) {
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
	<-done
}

func main() {
	m := map[string]int{"a": 1}
	m["b"] = 2
	v, ok := m["c"]
	println(len(m), m["a"], v, ok)
	delete(m, "a")
	var keys []string
	m["z"] = 26
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		println(k, m[k])
	}
	var nilmap map[int]bool
	println(nilmap[3], len(nilmap))

	ch := make(chan int, 2)
	done := make(chan struct{})
	go producer(ch, 5, done)
	sum := 0
	for x := range ch {
		sum += x
	}
	_, more := <-ch
	println(sum, more)
	close(done)

	a, b := make(chan int), make(chan string, 1)
	b <- "ready"
	select {
	case x := <-a:
		println("a", x)
	case s := <-b:
		println("b", s)
	}
	select {
	case a <- 1:
		println("sent")
	default:
		println("default")
	}
	for i, r := range "añb" {
		println(i, r)
	}
	for i := range 3 {
		print(i, " ")
	}
	println()
}
