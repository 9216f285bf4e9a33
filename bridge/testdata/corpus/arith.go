// Arithmetic: every operator on several widths, conversions.
package main

type celsius float64

func shifts(x int32, n int, u uint8) (int32, int32, uint8, uint8) {
	return x << n, x >> n, u << n, u >> n
}

func main() {
	var a, b int8 = 100, 27
	println(a+b, a-b, a*b, a/b, a%b, a&b, a|b, a^b, a&^b, -a, ^a)
	var x, y uint16 = 65000, 1000
	println(x+y, x-y, x*y, x/y, x%y)
	println(shifts(-5, 3, 200))
	println(shifts(1, 40, 1))
	m := int64(-9223372036854775808)
	n := int64(-1)
	println(m/n, m%n, -7/2, -7%2, 7%-2)
	f := 1.5
	g := float32(1) / 3
	println(f*2, f/0.5, g, float64(g), int(f), int8(-f*100))
	var c celsius = 36.6
	d := float64(c) + 1
	println(d > 37, !(d > 37), d == 37.6, celsius(d) != c)
	z := complex(1, 2)
	w := z * z
	println(real(w), imag(w), w == complex(-3, 4))
	u := uint32(1<<32 - 1)
	println(u+1, int32(u), uint8(u), int(^u))
	r := 'é'
	println(string(r), string(rune(65)), len(string(r)))
	bs := []byte("abc")
	rs := []rune("héllo")
	println(len(bs), len(rs), string(bs[1:]), string(rs[1:3]))
	println(min(3, 1, 2), max(2.5, -1), min("b", "a"))
}
