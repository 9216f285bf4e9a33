package realfuncs

import (
	"math"
	"reflect"
	"testing"
)

func TestParseBench(t *testing.T) {
	out := `goos: linux
goarch: amd64
BenchmarkVSSAMul64-2         	 1000000	       900.0 ns/op	       105.0 gc-ns/op	         2.000 gc/vssa	        52.50 vssa-ns/op
BenchmarkVSSAHash4_g         	     100	      1e+04 ns/op	      1.5e+03 gc-ns/op
--- BENCH: something else
BenchmarkOther-2             	 1000000	       900.0 ns/op
PASS
`
	want := map[string]map[string]float64{"Mul64": {"gc": 105, "vssa": 52.5}, "Hash4_g": {"gc": 1500}}
	if got := ParseBench(out); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSpreadGeomean(t *testing.T) {
	if lo, med, hi := Spread([]float64{3, 1, 2, 10}); lo != 1 || med != 2.5 || hi != 10 {
		t.Errorf("Spread = %v %v %v, want 1 2.5 10", lo, med, hi)
	}
	if g := Geomean([]float64{1, 4, 16}); math.Abs(g-4) > 1e-12 {
		t.Errorf("Geomean = %v, want 4", g)
	}
}
