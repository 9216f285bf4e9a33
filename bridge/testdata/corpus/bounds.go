// Index and slice bounds that follow from lengths, masks, products,
// remainders, differences, sub-slices and loop counters, each also
// where the bound fails.
package main

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			println(name, "->", r.(error).Error())
		}
	}()
	f()
	println(name, "ok")
}

func reslice(b []byte) byte {
	if len(b) >= 4 {
		b = b[2:]
		b = b[1:]
		return b[0]
	}
	return b[3]
}

func mask(p []string, h uint) string {
	if len(p) == 0 {
		return ""
	}
	return p[h&uint(len(p)-1)]
}

func blocks(p []byte) (int, int) {
	full := len(p) &^ 15
	return len(p[:full]), len(p[full:])
}

func clamp(x []int, i int) int {
	if len(x) == 0 {
		return -1
	}
	return x[min(max(0, i), len(x)-1)]
}

func products(a *[21]byte, n int) int {
	s := 0
	for i := 0; i <= n; i++ {
		s += int(a[2*i])
	}
	return s
}

func quotients(v *[32]int, n int) int {
	s := 0
	for i := range n {
		s += v[i/32] + v[i>>5]
	}
	return s
}

func remainders(x []int, k int) int {
	s := 0
	for i := range 100 {
		s += x[(i+k)%len(x)]
	}
	return s
}

func digits(u uint64) int {
	var table [200]byte
	for i := range table {
		table[i] = byte(i)
	}
	s := 0
	for u > 0 {
		var d uint64
		u, d = u/100, u%100
		s += int(table[d*2+1])
	}
	return s
}

func tails(b []byte, i int) (int, int) {
	if i >= 0 && i <= len(b)+1 {
		return len(b[len(b)-i:]), len(b[:len(b)-i])
	}
	return -1, -1
}

func made(n int) int {
	s := make([]int, n)
	for i := 0; i < n; i++ {
		s[i] = i
	}
	t := 0
	for i := int64(0); i < int64(len(s))-2; i++ {
		t += s[i:][0]
	}
	return t
}

func prefixes(a []int) int {
	x := 0
	for i := range a {
		b := a[:i+1]
		x += b[0] + b[i]
	}
	return x
}

func main() {
	data := []byte("0123456789abcdefghij")
	try("reslice", func() { println(reslice(data)) })
	try("reslice-short", func() { println(reslice(data[:2])) })
	try("mask", func() { println(mask([]string{"a", "b", "c", "d"}, 7)) })
	try("mask-odd", func() { println(mask([]string{"a", "b", "c"}, 6)) })
	try("blocks", func() { println(blocks(data)) })
	try("clamp", func() { println(clamp([]int{4, 5, 6}, 9), clamp([]int{4, 5, 6}, -9), clamp(nil, 1)) })
	var a [21]byte
	for i := range a {
		a[i] = byte(i * 3)
	}
	try("products", func() { println(products(&a, 10)) })
	try("products-over", func() { println(products(&a, 11)) })
	var v [32]int
	for i := range v {
		v[i] = i
	}
	try("quotients", func() { println(quotients(&v, 1024)) })
	try("quotients-over", func() { println(quotients(&v, 1025)) })
	try("remainders", func() { println(remainders([]int{1, 2, 3}, 5)) })
	try("remainders-negative", func() { println(remainders([]int{1, 2, 3}, -50)) })
	try("remainders-empty", func() { println(remainders(nil, 1)) })
	try("digits", func() { println(digits(18446744073709551615)) })
	try("tails", func() { println(tails(data, 3)) })
	try("tails-over", func() { println(tails(data, 21)) })
	try("made", func() { println(made(10), made(0)) })
	try("made-negative", func() { println(made(-1)) })
	try("prefixes", func() { println(prefixes([]int{3, 1, 4, 1, 5})) })
}
