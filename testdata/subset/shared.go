package subset

import (
	"cmp"
	"errors"
	"io"
)

const hextable = "0123456789abcdef"

// mixTable is a package-level table the compiled code reads by symbol.
var mixTable [256]uint32

// errShort is returned for inputs too short to hold a pair.
var errShort = errors.New("subset: input too short")

func init() {
	for i := range mixTable {
		mixTable[i] = uint32(i) * 2654435761
	}
}

// fix is a fixed-point constant, as jpeg's fdct computes its own.
func fix(x float64) int32 { return int32(x*(1<<13) + 0.5) }

// descale rounds x right by n bits.
func descale(x int32, n uint) int32 { return (x + 1<<(n-1)) >> n }

// Digest is a running FNV-1a hash.
type Digest struct {
	h uint64
	n int
}

// Celsius is a temperature.
type Celsius float64

// acceptRange gives the range of valid second bytes of a UTF-8 sequence, as unicode/utf8's.
type acceptRange struct {
	lo uint8
	hi uint8
}

// acceptRanges is unicode/utf8's table.
var acceptRanges = [16]acceptRange{
	0: {0x80, 0xBF},
	1: {0xA0, 0xBF},
	2: {0x80, 0x9F},
	3: {0x90, 0xBF},
	4: {0x80, 0x8F},
}

// Point is a point on the plane.
type Point struct{ X, Y int32 }

// InvalidByteError describes an invalid byte, as encoding/hex's.
type InvalidByteError byte

func (e InvalidByteError) Error() string { return "invalid byte" }

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0xff
}

// Source is a reader with a count, as image/jpeg's decoder holds its
// io.Reader: the generated test must import io for it.
type Source struct {
	r io.Reader
	n int
}

// word64 reads 8 bytes of b as a little-endian word, as utf8's word
// does: generic over the two byte sequences, small enough for vssa
// compile to inline its instance into the caller.
func word64[T string | []byte](b T) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Lines counts the lines of b: the package uses CountOf at byte, which
// vssa compile compiles when CountOf is named without type arguments.
func Lines(b []byte) int { return CountOf(b, '\n') + 1 }

// Largest is the largest of xs: MaxOf at int64.
func Largest(xs []int64) int64 { return MaxOf(xs) }

// SortSmall sorts a short slice: IsSorted at []int32, InsertionSort
// at int32.
func SortSmall(xs []int32) {
	if !IsSorted(xs) {
		InsertionSort(xs, 0, len(xs))
	}
}

// cmpLess is slices' cmpLess: x < y, with NaNs first. The compiled
// instantiations of InsertionSort inline it.
func cmpLess[T cmp.Ordered](x, y T) bool {
	return (isNaN(x) && !isNaN(y)) || x < y
}

// isNaN is slices' isNaN.
func isNaN[T cmp.Ordered](x T) bool {
	return x != x
}

// Spread calls the variadic functions with lists, as a package's
// callers do: the compiled declarations must be variadic too.
func Spread(a, b uint32) (uint32, int32) {
	return Total(a, b, 7), Smallest(int32(a), -3, int32(b))
}

// runesIn counts the runes of s, as utf8.RuneCountInString: a Go
// function compiled code calls.
func runesIn(s string) (n int) {
	for range s {
		n++
	}
	return n
}

// Lesser is sort.Interface: the compiled code calls its methods.
type Lesser interface {
	Len() int
	Less(i, j int) bool
	Swap(i, j int)
}

// Ints sorts its elements in increasing order.
type Ints []int

func (x Ints) Len() int           { return len(x) }
func (x Ints) Less(i, j int) bool { return x[i] < x[j] }
func (x Ints) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }
