// Package cgo imports "C": its file is analysed at its own positions,
// through cmd/cgo's translation.
package cgo

// #include <stdlib.h>
import "C"

func Nested(x int) int {
	if x > 10 {
		if x > 5 {
			return int(C.abs(C.int(x)))
		}
	}
	return 0
}

// Copy writes dst[i], which the loop does not bound: reported, with no
// fix (dst = dst[:len(s)] would edit the translation).
//
//vssa:bce
func Copy(dst, s []int) {
	for i := range s {
		dst[i] = s[i]
	}
}
