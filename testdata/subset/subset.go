//go:build !amd64 || purego

package subset

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
)

// HexEncode writes the hexadecimal digits of src to dst, as encoding/hex's Encode.
func HexEncode(dst, src []byte) int {
	j := 0
	for _, v := range src {
		dst[j] = hextable[v>>4]
		dst[j+1] = hextable[v&0x0f]
		j += 2
	}
	return len(src) * 2
}

// SumWords mixes p four bytes at a time, advancing p by reslicing.
func SumWords(p []byte) uint32 {
	var s uint32
	for len(p) >= 4 {
		s += uint32(p[0]) | uint32(p[1])<<8
		s ^= mixTable[p[2]]
		p = p[4:]
	}
	for _, c := range p {
		s = s*31 + uint32(c)
	}
	return s
}

// Skip returns s without its first n elements, or its empty end if it
// has fewer.
func Skip(s []int64, n int) []int64 {
	if n > len(s) {
		return s[len(s):]
	}
	return s[n:]
}

// Field returns the i-th of the fields of s separated by sep.
func Field(s string, sep byte, i int) string {
	start := 0
	for k := 0; k < len(s); k++ {
		if s[k] == sep {
			if i == 0 {
				return s[start:k]
			}
			i--
			start = k + 1
		}
	}
	if i == 0 {
		return s[start:]
	}
	return ""
}

// ParsePair reads two bytes as a sum, or fails on a short input.
func ParsePair(p []byte) (int, error) {
	if len(p) < 2 {
		return 0, errShort
	}
	return int(p[0]) + int(p[1]), nil
}

// Window returns p[i:j:k], with Go's checks.
func Window(p []int32, i, j, k int) []int32 {
	return p[i:j:k]
}

// PopCount counts the one bits of xs, as bitset's popcntSlice.
func PopCount(xs []uint64) int {
	n := 0
	for _, x := range xs {
		n += bits.OnesCount64(x)
	}
	return n
}

// MixWords reads b eight bytes at a time, little-endian, and mixes
// them as xxhash's round does.
func MixWords(b []byte, acc uint64) uint64 {
	for len(b) >= 8 {
		acc += binary.LittleEndian.Uint64(b) * 14029467366897019727
		acc = bits.RotateLeft64(acc, 31) * 11400714785074694791
		b = b[8:]
	}
	if len(b) >= 4 {
		acc ^= uint64(binary.BigEndian.Uint32(b))
	}
	return acc
}

// AddVV sets z = x + y with carries and returns the last carry, as
// math/big's addVV_g.
func AddVV(z, x, y []uint) (c uint) {
	for i := 0; i < len(z) && i < len(x) && i < len(y); i++ {
		zi, cc := bits.Add(x[i], y[i], c)
		z[i] = zi
		c = cc
	}
	return
}

// L2Norm returns the Euclidean norm of x and its largest magnitude.
func L2Norm(x []float64) (float64, float64) {
	var s, m float64
	for _, v := range x {
		s += v * v
		if a := math.Abs(v); a > m {
			m = a
		}
	}
	return math.Sqrt(s), m
}

// Unsigned converts between floats and unsigned integers as gc does,
// out of range included.
func Unsigned(u uint64, f float64, g float32) (float64, float32, uint64, uint32, uint8, uint64) {
	return float64(u), float32(u), uint64(f), uint32(f), uint8(f), uint64(g)
}

// Bits applies the other math/bits operations gc makes instructions.
func Bits(x uint64, y uint32, k int) (int, int, int, uint64, uint16, uint32, uint64) {
	hi, lo := bits.Mul64(x, uint64(y))
	d, b := bits.Sub64(x, hi, lo)
	return bits.TrailingZeros64(x) + bits.TrailingZeros8(uint8(y)), bits.LeadingZeros32(y) + bits.Len16(uint16(x)), bits.Len(uint(k)),
		bits.ReverseBytes64(x) ^ d ^ b, bits.ReverseBytes16(uint16(y)), bits.RotateLeft32(y, k), bits.RotateLeft64(x, -k) + math.Float64bits(math.Copysign(float64(y), float64(k)))
}

// Descale8 scales a row by a fixed-point constant through helpers that
// vssa inlines, so that the constants fold.
func Descale8(b *[8]int32) {
	for i := range b {
		b[i] = descale(b[i]*fix(0.541196100), 11)
	}
}

// YCbCrToRGB is image/color's conversion, as written there.
func YCbCrToRGB(y, cb, cr uint8) (uint8, uint8, uint8) {
	yy1 := int32(y) * 0x10101
	cb1 := int32(cb) - 128
	cr1 := int32(cr) - 128

	r := yy1 + 91881*cr1
	if uint32(r)&0xff000000 == 0 {
		r >>= 16
	} else {
		r = ^(r >> 31)
	}

	g := yy1 - 22554*cb1 - 46802*cr1
	if uint32(g)&0xff000000 == 0 {
		g >>= 16
	} else {
		g = ^(g >> 31)
	}

	b := yy1 + 116130*cb1
	if uint32(b)&0xff000000 == 0 {
		b >>= 16
	} else {
		b = ^(b >> 31)
	}

	return uint8(r), uint8(g), uint8(b)
}

// Write hashes p into d, as a hash's Write method.
func (d *Digest) Write(p []byte) (int, error) {
	h := d.h
	for _, c := range p {
		h ^= uint64(c)
		h *= 1099511628211
	}
	d.h = h
	d.n += len(p)
	return len(p), nil
}

// Fahrenheit converts c.
func (c Celsius) Fahrenheit() float64 { return float64(c)*9/5 + 32 }

// InRange reports whether every byte of p after a lead byte with class
// c falls in acceptRanges[c], reading the table's struct values.
func InRange(p []byte, c uint8) bool {
	accept := acceptRanges[c&15]
	for _, b := range p {
		if b < accept.lo || accept.hi < b {
			return false
		}
	}
	return true
}

// Centroid returns the centroid of ps and its extent, structs by value.
func Centroid(ps []Point) (Point, [2]int32) {
	var sx, sy int64
	ext := [2]int32{}
	for _, p := range ps {
		sx += int64(p.X)
		sy += int64(p.Y)
		ext[0] = max(ext[0], p.X)
		ext[1] = max(ext[1], p.Y)
	}
	if len(ps) == 0 {
		return Point{}, ext
	}
	return Point{int32(sx / int64(len(ps))), int32(sy / int64(len(ps)))}, ext
}

// EmitLiteral writes lit to dst with a length tag, as snappy's
// emitLiteral does, and returns the bytes written.
func EmitLiteral(dst, lit []byte) int {
	i, n := 0, uint(len(lit)-1)
	switch {
	case n < 60:
		dst[0] = uint8(n)<<2 | 0x00
		i = 1
	case n < 1<<8:
		dst[0] = 60<<2 | 0x00
		dst[1] = uint8(n)
		i = 2
	default:
		dst[0] = 61<<2 | 0x00
		dst[1] = uint8(n)
		dst[2] = uint8(n >> 8)
		i = 3
	}
	return i + copy(dst[i:], lit)
}

// Shift moves s's elements k places toward its start, within s
// (overlapping copies).
func Shift(s []int32, k int) int {
	if k < 0 || k > len(s) {
		return 0
	}
	return copy(s, s[k:])
}

// ParseDigits parses the decimal digits of s, falling back to strconv
// for long ones, as fastjson's ParseUint64BestEffort does.
func ParseDigits(s string) uint64 {
	if len(s) == 0 {
		return 0
	}
	i := uint(0)
	d := uint64(0)
	j := i
	for i < uint(len(s)) {
		if s[i] >= '0' && s[i] <= '9' {
			d = d*10 + uint64(s[i]-'0')
			i++
			if i > 18 {
				dd, err := strconv.ParseUint(s, 10, 64)
				if err != nil {
					return 0
				}
				return dd
			}
			continue
		}
		break
	}
	if i <= j || i < uint(len(s)) {
		return 0
	}
	return d
}

// HexDecode decodes src into dst, as encoding/hex's Decode: an error
// value made of a byte, a panic with a string.
func HexDecode(dst, src []byte) (int, error) {
	if len(dst) > 1<<40 {
		panic("subset: absurd destination")
	}
	i, j := 0, 1
	for ; j < len(src); j += 2 {
		p, q := src[j-1], src[j]
		a, b := unhex(p), unhex(q)
		if a > 0x0f {
			return i, InvalidByteError(p)
		}
		if b > 0x0f {
			return i, InvalidByteError(q)
		}
		dst[i] = (a << 4) | b
		i++
	}
	if len(src)%2 == 1 {
		if unhex(src[j-1]) > 0x0f {
			return i, InvalidByteError(src[j-1])
		}
		return i, errShort
	}
	return i, nil
}

// Add counts p's bytes into s, a method on a struct holding an
// interface it does not touch.
func (s *Source) Add(p []byte) int {
	for range p {
		s.n++
	}
	return s.n
}

// MostCommon returns the most common byte of p, counting in a local
// table larger than the frame's small variables (zeroed by a loop).
func MostCommon(p []byte) byte {
	var counts [256]int32
	for _, c := range p {
		counts[c]++
	}
	best := 0
	for i := range counts {
		if counts[i] > counts[best] {
			best = i
		}
	}
	return byte(best)
}

// ASCIIWords returns how many leading 8-byte words of s are all ASCII,
// through a generic helper: its instance is inlined, so s's pointer
// needs no call to survive.
func ASCIIWords(s string) int {
	n := 0
	for len(s) >= 8 && word64(s)&0x8080808080808080 == 0 {
		s = s[8:]
		n++
	}
	return n
}

// Halves divides and takes remainders by powers of two, signed and
// unsigned (hex's Decode asks len(src)%2): a shift and a mask, the
// signed ones biased toward zero.
func Halves(xs []int64, us []uint64) (int64, uint64) {
	var s int64
	for _, x := range xs {
		s += x/2 + x%2 + x/1024 + x%1024 - x%(1<<30) + x/(1<<30)
	}
	var u uint64
	for _, y := range us {
		u += y/8 + y%8
	}
	return s, u
}

// SubVV sets z = x - y with borrows and returns the last borrow, as
// math/big's subVV_g.
func SubVV(z, x, y []uint) (c uint) {
	for i := range z {
		zi, cc := bits.Sub(x[i], y[i], c)
		z[i] = zi
		c = cc
	}
	return
}

// AddMulVVWW sets z = x + y*m + a and returns the carry, as math/big's
// addMulVVWW_g with mulAddWWW_g inlined by hand.
func AddMulVVWW(z, x, y []uint, m, a uint) (c uint) {
	c = a
	for i := range z {
		hi, lo := bits.Mul(y[i], m)
		var cc uint
		lo, cc = bits.Add(lo, x[i], 0)
		hi += cc
		lo, cc = bits.Add(lo, c, 0)
		z[i] = lo
		c = hi + cc
	}
	return
}

// Add192 adds two 192-bit numbers through a chain of carries, with the
// carry in as given: math/bits leaves a carry other than 0 or 1
// undefined, and the generated test checks gc's results for any.
func Add192(x0, x1, x2, y0, y1, y2, c uint64) (z0, z1, z2, carry uint64) {
	z0, c = bits.Add64(x0, y0, c)
	z1, c = bits.Add64(x1, y1, c)
	z2, carry = bits.Add64(x2, y2, c)
	return
}

// Sub192 subtracts two 192-bit numbers through a chain of borrows,
// with a borrow in of any value (as Add192).
func Sub192(x0, x1, x2, y0, y1, y2, b uint64) (z0, z1, z2, borrow uint64) {
	z0, b = bits.Sub64(x0, y0, b)
	z1, b = bits.Sub64(x1, y1, b)
	z2, borrow = bits.Sub64(x2, y2, b)
	return
}

// ByteLoads reads integers of b byte by byte, as hand-written decoders
// do (after one bounds check of the last byte): little- and big-endian
// at 16, 32 and 64 bits, 2 bytes into a uint32, a signed int32, and a
// byte read twice (combined in part).
func ByteLoads(b []byte) (uint16, uint32, uint64, uint16, uint32, uint64, uint32, int32, uint32) {
	_ = b[37]
	le16 := uint16(b[0]) | uint16(b[1])<<8
	le32 := uint32(b[2]) | uint32(b[3])<<8 | uint32(b[4])<<16 | uint32(b[5])<<24
	le64 := uint64(b[6]) | uint64(b[7])<<8 | uint64(b[8])<<16 | uint64(b[9])<<24 |
		uint64(b[10])<<32 | uint64(b[11])<<40 | uint64(b[12])<<48 | uint64(b[13])<<56
	be16 := uint16(b[15]) | uint16(b[14])<<8
	be32 := uint32(b[16])<<24 | uint32(b[17])<<16 | uint32(b[18])<<8 | uint32(b[19])
	be64 := uint64(b[27]) | uint64(b[26])<<8 | uint64(b[25])<<16 | uint64(b[24])<<24 |
		uint64(b[23])<<32 | uint64(b[22])<<40 | uint64(b[21])<<48 | uint64(b[20])<<56
	half := uint32(b[28]) | uint32(b[29])<<8
	signed := int32(b[30]) | int32(b[31])<<8 | int32(b[32])<<16 | int32(b[33])<<24
	twice := uint32(b[34]) | uint32(b[35])<<8 | uint32(b[36])<<16 | uint32(b[37])<<24 + uint32(b[34])
	return le16, le32, le64, be16, be32, be64, half, signed, twice
}

// BigEndianWords decodes p into big-endian words as crypto/sha1's
// block function does, each byte checked on its own, and stores the
// first byte of each word back in between.
func BigEndianWords(p []byte, w []uint32) {
	for i := 0; i < len(w); i++ {
		j := i * 4
		w[i] = uint32(p[j])<<24 | uint32(p[j+1])<<16 | uint32(p[j+2])<<8 | uint32(p[j+3])
		if i&3 == 2 {
			// A store between two byte loads: not combined.
			x := uint32(p[j+1])
			p[j+1] ^= 0x5a
			w[i] += x | uint32(p[j+1])<<8
		}
	}
}

// Rounds runs a loop of a constant trip count, which vssa unrolls
// fully: each copy's index folds into constants, displacements and
// immediates, narrow arithmetic and conversions on it included.
func Rounds(w *[16]uint32, b []byte) (uint8, int8, uint16) {
	var u uint8
	var s int8
	var h uint16
	for i := 0; i < 16; i++ {
		w[i] = uint32(b[i*4])<<24 | uint32(b[i*4+1])<<16 | uint32(b[i*4+2])<<8 | uint32(b[i*4+3])
		u += uint8(i*37) * 3
		s -= int8(i*19) ^ 0x55
		h = h<<3 | uint16(i*4099)>>2 - uint16(int8(i*23))
	}
	return u, s, h
}

// Total adds its arguments: a variadic function, which the package
// calls with a list.
func Total(xs ...uint32) uint32 {
	var s uint32
	for _, x := range xs {
		s += x
	}
	return s
}

// ASCIIPrefix returns the length of s's leading ASCII bytes, skipping
// 16 at a time as utf8.ValidString does: behind len(s) > 16, s[8:] and
// s[16:] are not empty, so their pointers move by a constant without a
// select, and word64(s[8:]) loads from 8 bytes further itself.
func ASCIIPrefix(s string) int {
	n := len(s)
	for len(s) > 16 && (word64(s)|word64(s[8:]))&0x8080808080808080 == 0 {
		s = s[16:]
	}
	for len(s) > 0 && s[0] < 0x80 {
		s = s[1:]
	}
	return n - len(s)
}

// Blocks mixes b 16 bytes at a time as xxhash's writeBlocks does, the
// rest of b resliced with its capacity (one difference for both), and
// returns the mix and how many bytes are left.
func Blocks(b []byte) (uint64, int) {
	var v uint64
	for len(b) >= 16 {
		v = (v + word64(b[0:8:len(b)])*0xc2b2ae3d27d4eb4f) ^ word64(b[8:16:len(b)])
		b = b[16:len(b):len(b)]
	}
	return v, len(b)
}

// Find returns the index of target in x, sorted, or -1: a binary
// search that returns when it finds it, so that its load and the
// diamond choosing the next bounds are in different blocks (they stay
// a branch).
func Find(x []int64, target int64) int {
	i, j := 0, len(x)
	for i < j {
		h := int(uint(i+j) >> 1)
		v := x[h]
		if v == target {
			return h
		}
		if v < target {
			i = h + 1
		} else {
			j = h
		}
	}
	return -1
}

// RuneSum ranges over a string as utf8.RuneCountInString does, reading
// each rune and its index: ASCII bytes in the assembly, the rest (and
// invalid UTF-8, RuneError of width 1) decoded as Go's range decodes.
func RuneSum(s string) (n, sum int) {
	for i, r := range s {
		n++
		sum += i*7 + int(r)
	}
	return n, sum
}

// ByteRunes ranges over string(b), which gc does not copy, nor vssa.
func ByteRunes(b []byte) (n int, last rune) {
	for _, r := range string(b) {
		n++
		last = r
	}
	return n, last
}

// CountAfterASCII counts the ASCII prefix, and hands the rest to a Go
// function as a string, as utf8.RuneCount does: the conversion is made
// by Go, in the call's trampoline.
func CountAfterASCII(p []byte) int {
	for n := 0; n < len(p); n++ {
		if p[n] >= 0x80 {
			return n + runesIn(string(p[n:]))
		}
	}
	return len(p)
}

// AppendDigits appends x's decimal digits, least significant first, a
// separator pair, and tail, as binary.AppendUvarint appends: the slice
// grows as gc grows it (the test compares len and cap).
func AppendDigits(buf []byte, x uint64, tail []byte) []byte {
	for x >= 10 {
		buf = append(buf, byte('0'+x%10))
		x /= 10
	}
	buf = append(buf, byte('0'+x), ',', ' ')
	return append(buf, tail...)
}

// Squares makes a slice of the squares below n, as utf16.Encode makes
// its result, and returns a part of it.
//
//vssa:range n -2 200
//vssa:range k -2 200
func Squares(n int, k int) []uint32 {
	a := make([]uint32, n, n+1)
	for i := range a {
		a[i] = uint32(i * i)
	}
	if k >= 0 && k <= n {
		return a[:k]
	}
	return a
}

// MapInts replaces each element of s by f of it, as slices' helpers
// call the function they are given.
func MapInts(f func(int) int, s []int) {
	for i, v := range s {
		s[i] = f(v)
	}
}

// HeapSort sorts data[a:b] as sort's heapSort does, through the
// interface's methods.
//
//vssa:range a -2 300
//vssa:range b -2 300
func HeapSort(data Lesser, a, b int) {
	first := a
	lo := 0
	hi := b - a
	for i := (hi - 1) / 2; i >= 0; i-- {
		siftDown(data, i, hi, first)
	}
	for i := hi - 1; i >= 0; i-- {
		data.Swap(first, first+i)
		siftDown(data, lo, i, first)
	}
}

// siftDown implements the heap property on data[lo:hi], as sort's.
func siftDown(data Lesser, lo, hi, first int) {
	root := lo
	for {
		child := 2*root + 1
		if child >= hi {
			break
		}
		if child+1 < hi && data.Less(first+child, first+child+1) {
			child++
		}
		if !data.Less(first+root, first+child) {
			return
		}
		data.Swap(first+root, first+child)
		root = child
	}
}

// SortInts sorts x with HeapSort: the interface's methods are Ints'.
func SortInts(x []int) {
	HeapSort(Ints(x), 0, len(x))
}

// MoveUp moves s's first len(s)-k bytes k places toward its end
// (an overlapping copy whose destination is after its source).
func MoveUp(s []byte, k int) int {
	if k < 0 || k > len(s) {
		return 0
	}
	return copy(s[k:], s)
}

// MoveDown moves s's last len(s)-k bytes k places toward its start
// (an overlapping copy whose destination is before its source).
func MoveDown(s []byte, k int) int {
	if k < 0 || k > len(s) {
		return 0
	}
	return copy(s, s[k:])
}

// Marks stores constants of every width behind constant-index checks:
// stored as immediates where they fit (a byte's and a word's signed at
// their size, 0xFFFFFFFF as MOVL $-1), through a register where they
// do not (1<<40), and each check panics with gc's message.
func Marks(b []byte, h []uint16, w []uint32, q []uint64, r []int64) {
	b[2] = 0xF4
	h[1] = 0xFFFE
	w[0] = 0xFFFFFFFF
	q[1] = 1 << 40
	q[0] = 0x7FFFFFFF
	r[0] = -2
}

// SumInt8, XorUint16 and OrUint64 reduce s at three widths: the
// unrolled loop splits each over two accumulators, which must wrap as
// one would (the int8 sum overflows at once on most inputs).
func SumInt8(s []int16) int8 {
	var sum int8
	for _, v := range s {
		sum += int8(v)
	}
	return sum
}

func XorUint16(s []int16) uint16 {
	var x uint16
	for _, v := range s {
		x ^= uint16(v)
	}
	return x
}

func OrUint64(s []int16) uint64 {
	var o uint64
	for _, v := range s {
		o |= uint64(v)
	}
	return o
}

// Extremes returns the smallest and the largest element of s, the
// largest as an int8, with min and max and with an if: each split over
// two accumulators, which start from the first ones' start.
func Extremes(s []uint16) (uint16, int8) {
	lo, hi := uint16(40000), int8(-100)
	for _, v := range s {
		lo = min(lo, v)
		if int8(v) > hi {
			hi = int8(v)
		}
	}
	return lo, hi
}

// IndexOf16 returns the first i < n with s[i] == c, or -1: its bound is
// not the length, so its bounds check stays (it panics at len(s) when no
// element before matched) and the vector loop in front of it stops below
// both.
//
//vssa:range n -3 300
func IndexOf16(s []uint16, n int, c uint16) int {
	for i := 0; i < n; i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// FindInt32 returns the index of the first element of s equal to c, or
// len(s): a search that leaves its loop by break.
func FindInt32(s []int32, c int32) int {
	i := 0
	for ; i < len(s); i++ {
		if s[i] == c {
			break
		}
	}
	return i
}

// IndexNeg returns the index of the first -3 in s, or -1: a constant
// compared with the signed bytes.
func IndexNeg(s []int8) int {
	for i, v := range s {
		if v == -3 {
			return i
		}
	}
	return -1
}

// CountOf16 counts the i < n with s[i] == c: its bound is not the
// length, so its bounds check stays (it panics at len(s)) and the vector
// loop in front of it stops below both.
//
//vssa:range n -3 300
func CountOf16(s []uint16, n int, c uint16) int {
	k := 0
	for i := 0; i < n; i++ {
		if s[i] == c {
			k++
		}
	}
	return k
}

// CountNeg counts the -3s in s as a uint8, which wraps: the vector loop
// adds a vector's count at once, at the count's width.
func CountNeg(s []int8) uint8 {
	var k uint8
	for _, v := range s {
		if v == -3 {
			k++
		}
	}
	return k
}
