// Interfaces: conversions, assertions, type switches, method values.
package main

type shape interface {
	area() int
}

type named interface {
	shape
	name() string
}

type square struct{ side int }

func (s square) area() int    { return s.side * s.side }
func (s square) name() string { return "square" }
func (s *square) grow(by int) { s.side += by }

type rect struct{ w, h int }

func (r *rect) area() int { return r.w * r.h }

func describe(x any) string {
	switch v := x.(type) {
	case nil:
		return "nil"
	case int:
		return "int"
	case string:
		return "string " + v
	case named:
		return "named " + v.name()
	case shape:
		return "shape"
	}
	return "other"
}

func main() {
	var s shape = square{3}
	n, ok := s.(named)
	println(s.area(), ok, n.name())
	var sh shape = n
	println(sh.area())
	_, ok = s.(*rect)
	println(ok)
	println(describe(nil), describe(1), describe("x"), describe(square{1}), describe(&rect{2, 3}), describe(2.5))
	sq := &square{2}
	grow := sq.grow
	grow(3)
	area := sq.area
	println(sq.side, area())
	f := (*square).grow
	f(sq, 1)
	g := square.area
	println(g(*sq))
	defer func() {
		println("recovered:", recover().(error).Error())
	}()
	var e any = "str"
	println(e.(int))
}
