package a

import (
	"math/bits"
	"strconv"
	"unsafe"
)

// Not reported: the fact comes from a constant whose value is the
// target's (64 on amd64, 32 on 386, where x may be 35), found by a
// review. The same with unsafe.Sizeof and a constant of a file built
// for one architecture (wordBytes, below).
func targetConstant(x int) int {
	if x > bits.UintSize {
		if x > 40 {
			return 1
		}
	}
	if x > strconv.IntSize {
		if x > 40 {
			return 2
		}
	}
	if x > int(unsafe.Sizeof(uintptr(0))) {
		if x > 5 {
			return 3
		}
	}
	if x > wordBytes {
		if x > 5 {
			return 4
		}
	}
	return 0
}

// Reported: the constant is a literal, the same everywhere.
func literalConstant(x int) int {
	if x > 64 {
		if x > 40 { // want `x > 40 is always true: given the condition at target.go:\d+`
			return 1
		}
	}
	return 0
}

// Reported: whatever bits.UintSize is on a target, x is compared with
// the same value twice.
func sameTargetConstant(x int64) int {
	if x > bits.UintSize {
		return 1
	}
	m := int64(bits.UintSize)
	if x > m { // want `x > m is always false: given the condition at target.go:\d+`
		return 2
	}
	return 0
}

// Not reported: a constant of the function, declared from one of the
// target's.
func localTargetConstant(x int) int {
	const half = bits.UintSize / 2
	if x > half {
		if x > 20 {
			return 1
		}
	}
	return 0
}

// Reported, with the types as the reason: the condition met on the
// way, which a review found cited, says nothing of b.
func typeGivesIt(a int, b uint8) int {
	if a > 3 {
		return 0
	}
	if b >= 0 { // want `b >= 0 is always true: given the operands' types$`
		return 1
	}
	return 2
}
