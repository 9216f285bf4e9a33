// run

// Arrays and slices of scalars hold gc's bytes (the interpreter packs
// them): reinterpreted through unsafe at other widths, shared with the
// standard library (sort, strconv, binary, atomic, runtime.Callers),
// compared, hashed and copied element by element where floats need it
// (NaN, -0), grown by append as gc grows them, and read by reflect.

package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync/atomic"
	"unsafe"
)

type pair struct {
	A int16
	B [3]int32
	C float32
}

func main() {
	// Reinterpretation at other widths, both ways.
	w := [4]uint16{0x0102, 0x0304, 0x0506, 0x0708}
	u := (*[2]uint32)(unsafe.Pointer(&w))
	fmt.Printf("%#x %#x\n", u[0], u[1])
	u[1] = 0xaabbccdd
	fmt.Printf("%#x\n", w)
	d := (*uint64)(unsafe.Pointer(&w[0]))
	fmt.Printf("%#x\n", *d)
	f := []float32{1, -2, float32(math.Inf(1))}
	bits := unsafe.Slice((*uint32)(unsafe.Pointer(&f[0])), len(f))
	fmt.Printf("%#x %#x %#x\n", bits[0], bits[1], bits[2])
	bits[0] = 0x7fc00000
	fmt.Println(f[0] != f[0], len(bits), cap(bits))
	b8 := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), 8)
	fmt.Println(b8, binary.LittleEndian.Uint64(b8) == *d)

	// A word variable's bytes, and a one-element slice of it.
	x := uint64(0x0102030405060708)
	xb := (*[8]byte)(unsafe.Pointer(&x))
	fmt.Println(xb[0], xb[7])
	xb[7] = 0xff
	fmt.Printf("%#x\n", x)
	lo := (*uint32)(unsafe.Pointer(&x))
	*lo = 0
	fmt.Printf("%#x\n", x)
	halves := (*[2]int32)(unsafe.Pointer(&x))
	halves[0] = -1
	fmt.Printf("%#x %d\n", x, halves[1])
	n := 41
	one := unsafe.Slice(&n, 1)
	one[0]++
	fmt.Println(n, len(one))
	fl := 1.5
	fb := (*[8]byte)(unsafe.Pointer(&fl))
	fmt.Println(fb[6], fb[7], math.Float64bits(fl)>>48)

	// Fields and elements of structs, addresses.
	var p pair
	p.B[1] = -7
	pb := (*int32)(unsafe.Add(unsafe.Pointer(&p.B[0]), 4))
	*pb *= 3
	base := uintptr(unsafe.Pointer(&p)) // the struct first: see testdata/boundary/unsafetwoaddrs.go
	fmt.Println(p.B, unsafe.Offsetof(p.B), uintptr(unsafe.Pointer(&p.B[2]))-base)
	arr := []int64{10, 20, 30, 40}
	a1 := uintptr(unsafe.Pointer(&arr[1]))
	a3 := uintptr(unsafe.Pointer(&arr[3]))
	fmt.Println(a3-a1, *(*int64)(unsafe.Pointer(a1 + 8)))
	s2 := arr[2:]
	fmt.Println(uintptr(unsafe.Pointer(unsafe.SliceData(s2)))-a1, unsafe.SliceData(s2) == &arr[2])

	// Shared with the standard library.
	xs := []int{5, 2, 9, 1}
	ys := xs[:3]
	sort.Ints(ys)
	fmt.Println(xs, slices.Index(xs, 9))
	buf := strconv.AppendInt(make([]byte, 0, 4), -1234, 10)
	fmt.Println(string(buf), len(buf), cap(buf))
	var counters [3]int64
	atomic.AddInt64(&counters[1], 5)
	atomic.CompareAndSwapInt64(&counters[1], 5, 6)
	fmt.Println(counters, atomic.LoadInt64(&counters[1]))
	pcs := make([]uintptr, 8)
	fmt.Println(runtime.Callers(0, pcs) > 1, pcs[0] != 0)

	// Equality, map keys and DeepEqual of floats: element by element.
	nan := math.NaN()
	k1, k2 := [2]float64{0, 1}, [2]float64{math.Copysign(0, -1), 1}
	fmt.Println(k1 == k2, [1]float64{nan} == [1]float64{nan})
	m := map[[2]float64]int{k1: 1}
	m[k2]++
	m[[2]float64{nan, 0}] = 3
	m[[2]float64{nan, 0}] = 4
	fmt.Println(len(m), m[k1])
	fs := []float64{nan}
	fmt.Println(reflect.DeepEqual(fs, fs), reflect.DeepEqual(fs, []float64{nan}), reflect.DeepEqual([]int{1, 2}, []int{1, 2}))
	c := [2]complex64{1 + 2i, 3}
	fmt.Println(c, c == [2]complex64{1 + 2i, 3}, real(c[0])+imag(c[0]))

	// Growth and conversions.
	g := make([]int32, 0, 1) // not nil: gc's first append to nil may use a buffer on its stack
	caps := []int{}
	for i := range 20 {
		g = append(g, int32(i))
		caps = append(caps, cap(g))
	}
	fmt.Println(caps, g[19])
	rs := []rune("héllo")
	rs[1] = 'e'
	fmt.Println(len(rs), string(rs), copy(rs, []rune("ab")), string(rs))
	bs := []bool{true, false}
	fmt.Println(bs, *(*[2]byte)(unsafe.Pointer(&bs[0])))

	// reflect on packed elements.
	v := reflect.ValueOf(xs)
	v.Index(0).SetInt(100)
	e := reflect.ValueOf(&p).Elem().Field(1)
	e.Index(2).SetInt(8)
	fmt.Println(xs[0], p.B, v.Index(3).Interface(), reflect.ValueOf(f).Index(1).Float())
	ms := reflect.MakeSlice(reflect.TypeOf([]uint16{}), 2, 5)
	ms.Index(1).SetUint(70000 % 65536)
	ms.Index(0).Set(reflect.ValueOf(uint16(9)))
	fmt.Println(ms.Interface(), ms.Len(), ms.Cap())
}
