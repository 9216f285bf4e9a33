package realfuncs

import (
	"math"
	"reflect"
	"testing"
)

func TestParseBench(t *testing.T) {
	out := `goos: linux
goarch: amd64
BenchmarkVSSAMul64/impl=gc-2         	 1000000	       105.0 ns/op
BenchmarkVSSAMul64/impl=vssa-2       	 2000000	        52.5 ns/op	  19.5 MB/s
BenchmarkVSSAHash4/impl=gc           	     100	      1.5e+03 ns/op
--- BENCH: something else
PASS
`
	want := map[string]map[string]float64{"Mul64": {"gc": 105, "vssa": 52.5}, "Hash4": {"gc": 1500}}
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
