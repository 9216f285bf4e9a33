package native

import (
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
	if strings.Contains(out, "not interleaved") {
		t.Errorf("-count 1 (the default) noted as not interleaved:\n%s", out)
	}
	for _, f := range []string{"Encode", "Once", "Ext", "Loop"} {
		for _, impl := range []string{"gc", "vssa"} {
			if !strings.Contains(out, "BenchmarkVSSA"+f+"/impl="+impl) {
				t.Errorf("no result for %s impl=%s:\n%s", f, impl, out)
			}
		}
	}
	out, ok = goTest(t, dir, "-run", "NONE", "-bench", "VSSAExt", "-benchtime", "1x", "-count", "2", ".")
	if !ok || strings.Count(out, "-count 2 is not interleaved (impl=gc 2 times, then impl=vssa): for interleaved rounds run the test binary once per round, with -test.count 1") != 1 {
		t.Errorf("-count 2: want one note that it is not interleaved:\n%s", out)
	}
}
