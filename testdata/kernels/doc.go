// Package kernels holds the Go originals of the hot functions that vssa
// compile turns into amd64 assembly. They are the benchmark and
// equivalence suite for that backend: the assembly must compute what
// these compute and panic where these panic. The Go versions stay as the
// fallback for other targets and for purego builds.
package kernels

//go:generate go run github.com/vssa-go/vssa/cmd/vssa compile -inlinable -o kernels . Adler32 FNV1a32 FNV1a64 CRC32 Djb2 DotFloat64 DotFloat32 MatMul CountByte IndexByte CountByteString PrefixSum InsertionSort CountPresent CountDescents PopCountAll ReverseBitsAll ParityAll AXPY MandelbrotRow SumSquares Mean SaturatingAddInt8 Checksum16 GCDAll AverageInt32 XorBytes ScaleFloat64 ClampInt32 SumPointProducts CrossSum UpdateStats MaxMinInt64 MaxFloat32 Histogram CountLess SortInt64 QuickSort partition CountPrimes isPrime

// Point is a point on the integer plane.
type Point struct{ X, Y int64 }

// Stats accumulates the count, sum, minimum and maximum of a series.
type Stats struct {
	Count    int64
	Sum      int64
	Min, Max int64
}
