// run

// min and max give NaN when any operand is NaN, even when another is an
// infinity in the direction of the result (math.Min and math.Max give
// the infinity there; the built-ins do not).
// Found by internal/progen (about one program in ten), with and
// without passes.

package main

import (
	"fmt"
	"math"
)

//go:noinline
func v(x float64) float64 { return x }

func main() {
	nan, inf := v(math.NaN()), v(math.Inf(1))
	fmt.Println(min(-inf, nan), max(inf, nan), min(nan, -inf), max(nan, inf))
	f := float32(nan)
	fmt.Println(min(float32(-inf), f), max(f, float32(inf)), min(1, -inf, nan))
}
