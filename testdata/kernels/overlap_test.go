//go:build amd64 && !purego

package kernels

import (
	"fmt"
	"slices"
	"testing"
)

// TestOverlap runs the vectorised element-wise kernels on slices that
// overlap at every offset around a vector's width (16 bytes for SSE2, 32
// for AVX2: both run), where loading a vector before storing it would
// differ from Go's element-by-element order, and compares the memory
// with the Go originals'.
func TestOverlap(t *testing.T) {
	if vssaKernelsAVX2 {
		testOverlap(t)
		vssaKernelsAVX2 = false
		defer func() { vssaKernelsAVX2 = true }()
	}
	testOverlap(t)
}

func testOverlap(t *testing.T) {
	for n := 0; n < 600; n += 13 {
		for off := -40; off <= 40; off++ {
			// XorBytes(dst, a, b) with dst and a in one buffer, off bytes apart.
			buf := make([]byte, n+96)
			for i := range buf {
				buf[i] = byte(i*7 + 3)
			}
			want := slices.Clone(buf)
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(i * 13)
			}
			d, a := 40, 40+off
			XorBytes(buf[d:d+n], buf[a:a+n], b)
			vssaKernelsRefXorBytes(want[d:d+n], want[a:a+n], b)
			if !slices.Equal(buf, want) {
				t.Fatalf("XorBytes, %d bytes, source %d bytes from the destination: memory %v, want %v", n, off, buf, want)
			}

			// ScaleFloat64 and AXPY with y and x overlapping, off elements apart.
			fs := make([]float64, n+96)
			for i := range fs {
				fs[i] = float64(i) + 0.5
			}
			fw := slices.Clone(fs)
			AXPY(3, fs[a:a+n], fs[d:d+n])
			vssaKernelsRefAXPY(3, fw[a:a+n], fw[d:d+n])
			if fmt.Sprint(fs) != fmt.Sprint(fw) {
				t.Fatalf("AXPY, %d elements, x %d elements from y: memory %v, want %v", n, off, fs, fw)
			}

			// ReverseBitsAll(dst, src): 4-byte lanes, rotations.
			us := make([]uint32, n+96)
			for i := range us {
				us[i] = uint32(i)*2654435761 + 1
			}
			uw := slices.Clone(us)
			ReverseBitsAll(us[d:d+n], us[a:a+n])
			vssaKernelsRefReverseBitsAll(uw[d:d+n], uw[a:a+n])
			if !slices.Equal(us, uw) {
				t.Fatalf("ReverseBitsAll, %d elements, source %d elements from the destination: memory %v, want %v", n, off, us, uw)
			}
		}
	}
}
