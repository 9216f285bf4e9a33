// Memory: allocation, loads and stores, fields, indexing, slicing.
package main

type point struct {
	x, y int
	tag  string
}

type grid struct {
	cells [3][3]int
	p     *point
}

func newPoint(x, y int) *point { return &point{x: x, y: y, tag: "p"} }

func pointAt(x int) point { return point{x: x, tag: "v"} }

func main() {
	p := newPoint(1, 2)
	p.x += 10
	q := *p
	q.y = 7
	println(p.x, p.y, q.x, q.y, q.tag)

	var g grid
	g.cells[1][2] = 5
	g.p = p
	g.p.y++
	c := g.cells
	c[0][0] = 9
	println(g.cells[1][2], g.cells[0][0], c[0][0], p.y)

	s := make([]int, 3, 10)
	for i := range s {
		s[i] = i * i
	}
	t := s[1:2]
	u := s[1:3:4]
	t = append(t, 100)
	println(len(t), cap(t), len(u), cap(u), s[2], u[1])

	arr := [5]byte{'a', 'b', 'c', 'd', 'e'}
	sl := arr[1:4]
	ap := &arr
	println(string(sl), ap[4], len(ap))

	str := "héllo"
	println(str[1], str[2:], len(str))

	n := len(s) + 1
	dyn := make([]point, n)
	dyn[n-1].y = pointAt(8).x
	println(len(dyn), dyn[3].y, pointAt(2).tag)

	ptr := (*[2]int)(s[:2])
	ptr[1] = 42
	println(s[1])
	arr2 := [3]int(s[:3])
	arr2[0] = -1
	println(arr2[0], s[0])
}
