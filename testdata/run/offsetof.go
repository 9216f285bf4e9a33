// run

// unsafe.Offsetof of selectors whose type depends on type parameters
// (not constant for go/types): promoted fields count the embedded fields
// that promote them, explicit paths only the last selector. The operands
// are not evaluated: a nil pointer among them does not panic.

package main

import "unsafe"

type E struct {
	X byte
	B int
}

type F struct {
	Y int32
	E
}

type S[K any] struct {
	A K
	F
	G struct {
		P byte
		E
	}
}

func offs[K any](p *S[K], v S[K]) {
	println(unsafe.Offsetof(p.B), unsafe.Offsetof(p.E.B), unsafe.Offsetof(p.F.E.B), unsafe.Offsetof(p.F.B))
	println(unsafe.Offsetof(v.B), unsafe.Offsetof(v.E), unsafe.Offsetof(v.G.B), unsafe.Offsetof(v.G.E.B), unsafe.Offsetof(v.G))
	println(unsafe.Offsetof((p.X)), unsafe.Offsetof(p.Y), unsafe.Sizeof(v), unsafe.Alignof(v.A))
}

func main() {
	offs(new(S[int8]), S[int8]{})
	offs(nil, S[int8]{})
	offs(new(S[[3]int64]), S[[3]int64]{})
}
