// Package p is the input of TestExtract: Hot needs some of its
// declarations and not others.
package p

import (
	"errors"
	"math/bits"
	str "strings"
)

const (
	a = iota
	b
	c
)

// T is converted to error by Hot, so its Error method comes with it.
type T uint8

func (t T) Error() string { return "T" }

func (t T) Unused() int { return helper2() }

func (t *T) Inc() { *t += T(unusedConst) }

const unusedConst = 1

var (
	table = [4]uint8{a, b, c, 3}
	other = 5
)

var errX = errors.New("x")

func helper(x uint) int { return bits.Len(x) + c }

func helper2() int { return len(str.Repeat("a", 2)) }

// Hot is the function taken.
func Hot(p []byte) (int, error) {
	n := helper(uint(len(p)))
	if n > 10 {
		return 0, T(table[0])
	}
	if n == 0 {
		return 0, errX
	}
	return n, nil
}

func Unrelated() {}
