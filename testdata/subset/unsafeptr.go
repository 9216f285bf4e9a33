//go:build !amd64 || purego

package subset

import "unsafe"

// WordsAt adds n words at p, read as xxh3's accumScalar reads its
// input: through unsafe.Pointer(uintptr(p)+off).
//
//vssa:range n 0 500
func WordsAt(p unsafe.Pointer, n int) uint64 {
	var s uint64
	for i := 0; i < n; i++ {
		s += *(*uint64)(unsafe.Pointer(uintptr(p) + uintptr(8*i)))
	}
	return s
}

// FillAt writes n bytes from off on at p, through unsafe.Add with an
// int32 offset (negative ones are ruled out by the ranges only).
//
//vssa:range off 0 2000
//vssa:range n 0 2000
func FillAt(p unsafe.Pointer, off int32, n int) {
	for i := 0; i < n; i++ {
		*(*byte)(unsafe.Add(p, off+int32(i))) = byte(i)
	}
}
