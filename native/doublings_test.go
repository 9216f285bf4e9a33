package native

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Variables, so that gc multiplies (it would itself turn x * 2.0 into
// x + x, and the test would compare a sum with itself).
var two64, two32 = 2.0, float32(2)

// TestDoublingIsExact checks the identity doublings relies on: x * 2 and
// x + x are the same bits for every float, edge cases included (the
// hardware's, as Go computes both).
func TestDoublingIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	edges64 := []float64{0, math.Copysign(0, -1), 1, -1, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0x7ff8000000000123), math.Float64frombits(0xfff0000000000001)}
	for i := 0; i < 100000; i++ {
		x := math.Float64frombits(r.Uint64())
		if i < len(edges64) {
			x = edges64[i]
		}
		if a, b := math.Float64bits(x*two64), math.Float64bits(x+x); a != b {
			t.Fatalf("float64 %x: x*2 = %x, x+x = %x", math.Float64bits(x), a, b)
		}
		y := math.Float32frombits(uint32(r.Uint64()))
		if i < len(edges64) {
			y = float32(edges64[i])
		}
		if a, b := math.Float32bits(y*two32), math.Float32bits(y+y); a != b {
			t.Fatalf("float32 %x: x*2 = %x, x+x = %x", math.Float32bits(y), a, b)
		}
	}
}
