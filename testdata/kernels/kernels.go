//go:build !amd64 || purego

package kernels

// Adler32 returns the Adler-32 checksum of data, reducing modulo 65521 on every byte.
func Adler32(data []byte) uint32 {
	const mod = 65521
	a, b := uint32(1), uint32(0)
	for _, c := range data {
		a = (a + uint32(c)) % mod
		b = (b + a) % mod
	}
	return b<<16 | a
}

// FNV1a32 returns the 32-bit FNV-1a hash of data.
func FNV1a32(data []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range data {
		h ^= uint32(c)
		h *= 16777619
	}
	return h
}

// FNV1a64 returns the 64-bit FNV-1a hash of data.
func FNV1a64(data []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range data {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// CRC32 returns the IEEE CRC-32 of data, computed bit by bit without a table.
func CRC32(data []byte) uint32 {
	crc := ^uint32(0)
	for i := range data {
		crc ^= uint32(data[i])
		for k := 0; k < 8; k++ {
			mask := -(crc & 1)
			crc = crc>>1 ^ 0xEDB88320&mask
		}
	}
	return ^crc
}

// Djb2 returns Bernstein's djb2 hash (h*33 + c) of s.
func Djb2(s string) uint32 {
	h := uint32(5381)
	for i := 0; i < len(s); i++ {
		h = h<<5 + h + uint32(s[i])
	}
	return h
}

// DotFloat64 returns the dot product of a and b; it panics if b is shorter than a.
func DotFloat64(a, b []float64) float64 {
	var sum float64
	for i := range a {
		sum += a[i] * b[i]
	}
	return sum
}

// DotFloat32 returns the dot product of a and b; it panics if b is shorter than a.
func DotFloat32(a, b []float32) float32 {
	var sum float32
	for i, x := range a {
		sum += x * b[i]
	}
	return sum
}

// MatMul stores a×b in dst, all three n×n row-major matrices in flat slices.
//
//vssa:range n 0 32
func MatMul(dst, a, b []float64, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var sum float64
			for k := 0; k < n; k++ {
				sum += a[i*n+k] * b[k*n+j]
			}
			dst[i*n+j] = sum
		}
	}
}

// CountByte returns the number of occurrences of c in s.
func CountByte(s []byte, c byte) int {
	n := 0
	for _, x := range s {
		if x == c {
			n++
		}
	}
	return n
}

// IndexByte returns the index of the first c in s, or -1 if c is absent.
func IndexByte(s []byte, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// CountByteString returns the number of occurrences of c in the string s.
func CountByteString(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// PrefixSum replaces each element of s by the sum of it and all before it.
func PrefixSum(s []int64) {
	var acc int64
	for i := range s {
		acc += s[i]
		s[i] = acc
	}
}

// InsertionSort sorts s in increasing order.
func InsertionSort(s []int) {
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i - 1
		for j >= 0 && s[j] > x {
			s[j+1] = s[j]
			j--
		}
		s[j+1] = x
	}
}

// CountPresent returns how many elements of keys occur in the increasing slice sorted, by binary search.
func CountPresent(sorted, keys []int) int {
	n := 0
	for _, x := range keys {
		lo, hi := 0, len(sorted)
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if sorted[mid] < x {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < len(sorted) && sorted[lo] == x {
			n++
		}
	}
	return n
}

// CountDescents returns the number of indices i with s[i] < s[i-1].
func CountDescents(s []int32) int {
	n := 0
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1] {
			n++
		}
	}
	return n
}

// PopCountAll returns the total number of one bits in xs, by shifts and masks.
func PopCountAll(xs []uint64) int {
	n := 0
	for _, x := range xs {
		x -= x >> 1 & 0x5555555555555555
		x = x&0x3333333333333333 + x>>2&0x3333333333333333
		x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
		n += int(x * 0x0101010101010101 >> 56)
	}
	return n
}

// ReverseBitsAll stores src[i] with its bits in reverse order in dst[i] for each i of src.
func ReverseBitsAll(dst, src []uint32) {
	for i, x := range src {
		x = x>>1&0x55555555 | x&0x55555555<<1
		x = x>>2&0x33333333 | x&0x33333333<<2
		x = x>>4&0x0f0f0f0f | x&0x0f0f0f0f<<4
		x = x>>8&0x00ff00ff | x&0x00ff00ff<<8
		dst[i] = x>>16 | x<<16
	}
}

// ParityAll returns the number of elements of xs with an odd number of one bits.
func ParityAll(xs []uint64) uint {
	var n uint
	for _, x := range xs {
		for shift := uint(32); shift > 0; shift >>= 1 {
			x ^= x >> shift
		}
		n += uint(x & 1)
	}
	return n
}

// AXPY computes y[i] += a*x[i] over x; it panics if y is shorter than x.
func AXPY(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}

// MandelbrotRow stores in dst[i] the number of iterations, up to maxIter, before
// cr+y·i escapes, for cr = -2 + 2.5*i/len(dst).
//
//vssa:range maxIter -2 5000
func MandelbrotRow(dst []int32, y float64, maxIter int) {
	for i := range dst {
		cr := -2 + 2.5*float64(i)/float64(len(dst))
		var zr, zi float64
		n := 0
		for n < maxIter {
			zr2, zi2 := zr*zr, zi*zi
			if zr2+zi2 > 4 {
				break
			}
			zi = 2*zr*zi + y
			zr = zr2 - zi2 + cr
			n++
		}
		dst[i] = int32(n)
	}
}

// SumSquares returns the sum of the squares of s.
func SumSquares(s []float64) float64 {
	var sum float64
	for _, x := range s {
		sum += x * x
	}
	return sum
}

// Mean returns the arithmetic mean of s as a float64 (NaN when s is empty).
func Mean(s []int64) float64 {
	var sum int64
	for _, x := range s {
		sum += x
	}
	return float64(sum) / float64(len(s))
}

// SaturatingAddInt8 stores a[i]+b[i], clamped to [-128, 127], in dst[i] for each i of dst.
func SaturatingAddInt8(dst, a, b []int8) {
	for i := range dst {
		s := int16(a[i]) + int16(b[i])
		if s > 127 {
			s = 127
		} else if s < -128 {
			s = -128
		}
		dst[i] = int8(s)
	}
}

// Checksum16 returns the wrapping uint16 sum of data, rotated by one bit per word.
func Checksum16(data []uint16) uint16 {
	var sum uint16
	for _, w := range data {
		sum = sum<<1 | sum>>15
		sum += w
	}
	return sum
}

// GCDAll stores the greatest common divisor of a[i] and b[i] in dst[i] for each i of dst, by Euclid's algorithm.
func GCDAll(dst, a, b []uint64) {
	for i := range dst {
		x, y := a[i], b[i]
		for y != 0 {
			x, y = y, x%y
		}
		dst[i] = x
	}
}

// AverageInt32 returns the truncated mean of s; it panics (division by zero) when s is empty.
func AverageInt32(s []int32) int32 {
	var sum int64
	for _, x := range s {
		sum += int64(x)
	}
	return int32(sum / int64(len(s)))
}

// XorBytes stores a[i]^b[i] in dst[i] for each i of dst.
func XorBytes(dst, a, b []byte) {
	for i := range dst {
		dst[i] = a[i] ^ b[i]
	}
}

// ScaleFloat64 multiplies every element of s by k in place.
func ScaleFloat64(s []float64, k float64) {
	for i := range s {
		s[i] *= k
	}
}

// ClampInt32 limits every element of s to [lo, hi] in place.
func ClampInt32(s []int32, lo, hi int32) {
	for i, x := range s {
		if x < lo {
			s[i] = lo
		} else if x > hi {
			s[i] = hi
		}
	}
}

// SumPointProducts returns the sum of xs[i]*ys[i] and stores the sums of xs and ys in p.
func SumPointProducts(p *Point, xs, ys []int64) int64 {
	var sum int64
	p.X = 0
	p.Y = 0
	for i, x := range xs {
		y := ys[i]
		p.X += x
		p.Y += y
		sum += x * y
	}
	return sum
}

// CrossSum returns the sum of the cross products ps[i]×qs[i]; it panics if qs is shorter than ps.
func CrossSum(ps, qs []Point) int64 {
	var sum int64
	for i := range ps {
		sum += ps[i].X*qs[i].Y - ps[i].Y*qs[i].X
	}
	return sum
}

// UpdateStats adds the values of s to the running statistics st.
func UpdateStats(st *Stats, s []int64) {
	for _, x := range s {
		if st.Count == 0 || x < st.Min {
			st.Min = x
		}
		if st.Count == 0 || x > st.Max {
			st.Max = x
		}
		st.Count++
		st.Sum += x
	}
}

// MaxMinInt64 returns the largest and smallest elements of s; it panics when s is empty.
func MaxMinInt64(s []int64) (int64, int64) {
	hi, lo := s[0], s[0]
	for i := 1; i < len(s); i++ {
		x := s[i]
		if x > hi {
			hi = x
		}
		if x < lo {
			lo = x
		}
	}
	return hi, lo
}

// MaxFloat32 returns the largest element of s, or 0 when s is empty.
func MaxFloat32(s []float32) float32 {
	var m float32
	for i, x := range s {
		if i == 0 || x > m {
			m = x
		}
	}
	return m
}

// Histogram adds the number of occurrences of each byte value in data to h.
func Histogram(h *[256]uint32, data []byte) {
	for _, c := range data {
		h[c]++
	}
}

// CountLess returns how many elements of s are below t, or at most t when inclusive.
func CountLess(s []int32, t int32, inclusive bool) int {
	n := 0
	for _, x := range s {
		if x < t || inclusive && x == t {
			n++
		}
	}
	return n
}

// SortInt64 sorts s in place with QuickSort: calls between compiled
// functions, recursion included.
func SortInt64(s []int64) {
	QuickSort(s, 0, len(s)-1)
}

// QuickSort sorts s[lo..hi] in place: Lomuto partitions, recursion on
// the smaller side, a loop on the other.
//
//vssa:range lo 0 8
//vssa:range hi -1 1023
func QuickSort(s []int64, lo, hi int) {
	for lo < hi {
		p := partition(s, lo, hi)
		if p-lo < hi-p {
			QuickSort(s, lo, p-1)
			lo = p + 1
		} else {
			QuickSort(s, p+1, hi)
			hi = p - 1
		}
	}
}

// partition moves the elements of s[lo..hi] below s[hi] to its front,
// s[hi] after them, and returns where s[hi] went.
//
//vssa:range lo 0 8
//vssa:range hi 0 1023
func partition(s []int64, lo, hi int) int {
	pivot := s[hi]
	i := lo
	for j := lo; j < hi; j++ {
		if s[j] < pivot {
			s[i], s[j] = s[j], s[i]
			i++
		}
	}
	s[i], s[hi] = s[hi], s[i]
	return i
}

// CountPrimes counts the primes below n by trial division: a call in
// a loop.
//
//vssa:range n 0 5000
func CountPrimes(n uint32) int {
	c := 0
	for k := uint32(0); k < n; k++ {
		if isPrime(k) {
			c++
		}
	}
	return c
}

// isPrime reports whether n is prime.
//
//vssa:range n 0 1000003
func isPrime(n uint32) bool {
	if n < 2 {
		return false
	}
	for d := uint32(2); d <= n/d; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}
