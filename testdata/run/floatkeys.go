// run

// Assigning to a float map key equal to a stored one stores the new key
// (+0 replaces -0); min and max with a NaN operand give NaN.

package main

import (
	"fmt"
	"math"
)

func main() {
	m := map[float64]string{}
	negz := math.Copysign(0, -1)
	m[negz] = "a"
	m[0] = "b"
	for k, v := range m {
		fmt.Println(math.Signbit(k), v)
	}
	n := map[any]int{}
	n[negz] = 1
	n[0.0] = 2
	for k, v := range n {
		fmt.Println(math.Signbit(k.(float64)), v)
	}
	nan, one := math.NaN(), 1.0
	fmt.Println(min(nan, one), min(one, nan), max(nan, one), max(one, nan), min(one, 2, nan), max(nan, 2, one))
	var f32 float32 = 1
	fmt.Println(min(f32, float32(nan)), max(float32(nan), f32))
	fmt.Println(min(negz, 0), max(negz, 0), math.Signbit(min(0, negz)), math.Signbit(max(negz, 0)))
}
