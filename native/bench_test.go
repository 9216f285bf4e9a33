package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBenchInputs runs generated benchmarks whose Go originals panic on
// the inputs a careless benchmark gives them: an output twice its
// input's size (hex.Encode), an input written in place that a second
// call on the same memory rejects (as a sort gets sorted input), and
// integer arguments whose order matters (snappy's extendMatch wants
// i < j); and the test of a loop count without a //vssa:range, which
// must not run for ever.
func TestBenchInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback +
		"func Encode(dst, src []byte) {\n\tfor i, c := range src {\n\t\tdst[2*i] = c\n\t\tdst[2*i+1] = c\n\t}\n}\n\n" +
		"// Once panics on its own output: s[0] becomes an index out of range.\nfunc Once(s []int) {\n\ts[0] = s[s[0]] + 5000\n}\n\n" +
		"func Ext(src []byte, i, j int) int {\n\treturn int(src[j-i-1])\n}\n\n" +
		"// Loop would run for ever on a count near 1<<63.\nfunc Loop(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i ^ s>>3\n\t}\n\treturn s\n}\n"})
	compileAndWrite(t, dir, "Encode", "Once", "Ext", "Loop")
	if out, ok := goTest(t, dir, "-run", "TestVSSALoop", "-timeout", "60s", "."); !ok {
		t.Errorf("the test of a loop count without a range:\n%s", out)
	}
	out, ok := goTest(t, dir, "-run", "NONE", "-bench", "VSSA", "-benchtime", "3x", "-v", ".")
	if !ok || strings.Contains(out, "SKIP") {
		t.Fatalf("benchmarks failed or skipped:\n%s", out)
	}
	for _, f := range []string{"Encode", "Once", "Ext", "Loop"} {
		if !regexp.MustCompile(`BenchmarkVSSA` + f + `-\d+\s.*\sgc-ns/op\s.*\sgc/vssa\s.*\svssa-ns/op`).MatchString(out) {
			t.Errorf("no gc-ns/op, gc/vssa and vssa-ns/op for %s:\n%s", f, out)
		}
	}
}

// TestBenchMethod checks how the generated benchmarks choose and time
// an input. The input is the first of those on which the original runs
// the most loop rounds, counted rather than timed, so that every run
// times the same one: Scan stops at a zero byte, which the bytes of the
// first two tries hold (drawn in [0, 100), or all "\x00"), and not those
// of try 2, the first alphabet of digits. A batch keeps its copies of
// the written arguments within 16 KiB: Shift's two slices of 1024
// words (8 KiB each) make a batch of one call, where 16 copies were
// timed on the second-level cache. And a side's time is the 10th
// percentile of its batches', which the descheduled ones do not move.
// And each call's result is kept, so that gc cannot drop the work.
func TestBenchMethod(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback +
		"func Scan(s []byte) int {\n\tn := 0\n\tfor _, c := range s {\n\t\tif c == 0 {\n\t\t\tbreak\n\t\t}\n\t\tn++\n\t}\n\treturn n\n}\n\n" +
		"func Shift(z, x []uint64, s uint) {\n\tfor i := range z {\n\t\tz[i] = x[i] << (s & 63)\n\t}\n}\n",
		"low_test.go": "package p\n\nimport \"testing\"\n\nfunc TestLow(t *testing.T) {\n" +
			"\tns := []int64{900, 30, 1e9, 20, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 2e9, 10}\n" +
			"\tif got := vssaOutLow(ns); got != 30 {\n\t\tt.Errorf(\"vssaOutLow = %v, want 30\", got)\n\t}\n}\n"})
	compileAndWrite(t, dir, "Scan", "Shift")
	// Both sides' calls keep Scan's result: gc inlined bzip2's
	// updateCRC into the batch and dropped the work on an unused
	// result (0.12x, 1.00x with the result kept).
	gen, err := os.ReadFile(filepath.Join(dir, "out_vssa_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`(?m)^\s*vssaOutSinkScan0 = \w*Scan\(`).FindAll(gen, -1)); n != 2 {
		t.Errorf("%d calls of Scan in its benchmark keep the result, want 2 (gc's and vssa's):\n%s", n, gen)
	}
	if out, ok := goTest(t, dir, "-run", "TestLow", "."); !ok {
		t.Errorf("the 10th percentile of batch times:\n%s", out)
	}
	for range 2 {
		out, ok := goTest(t, dir, "-run", "NONE", "-bench", "VSSA", "-benchtime", "3x", "-v", ".")
		if !ok {
			t.Fatalf("benchmarks failed:\n%s", out)
		}
		for _, want := range []string{
			"input of try 2, on which the Go original runs 1024 loop rounds;",
			"runs 1024 loop rounds; 1 calls a batch",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("no %q in:\n%s", want, out)
			}
		}
	}
}
