// This file writes the generated benchmarks: gc's code (the test's copy
// of the Go original) and vssa's, on the same inputs, one after the
// other in each run of the test binary, for benchstat -col /impl.

package native

import (
	"bytes"
	"fmt"
	"strings"
)

// benchTries is how many inputs a benchmark draws, at most, looking for
// one on which the Go original does not panic: a tenth at each of the
// factors 1, 2, 4 and 8 of a writable slice's length, the writable
// slices taking turns (an output twice or 4/3 its input's size, as hex
// and base64 Encode write).
const benchTries = 40

// writeBench writes F's benchmark. Its inputs: integers drawn in
// [0, 1024) (an index of every slice) or the top of their //vssa:range
// (a loop count without one is drawn in the range vssa compile chose),
// slices of 1024 elements, a writable one longer if the original
// panics on that. A function that writes its input (a sort, Axpy) gets
// a fresh copy of the same input at each call, on both sides: copies
// made a batch at a time, outside the time measured, which is reported
// as ns/op (b.StopTimer, which reads the memory statistics, would cost
// more than a small function's call).
func writeBench(b *bytes.Buffer, n names, gens *genSet, c *Compiled) {
	s, F := n.stem, c.Name
	params := c.Sig.Params()
	fmt.Fprintf(b, "// BenchmarkVSSA%s times gc's %s (its Go original) and vssa's on the same\n// input. Run the test binary once per round for interleaved rounds:\n//\n//\tfor i in $(seq 10); do ./x.test -test.run NONE -test.bench VSSA -test.count 1; done | benchstat -col /impl -\n//\n// (go test -count N runs impl=gc N times, then impl=vssa N times.)\n", F, F)
	fmt.Fprintf(b, "func BenchmarkVSSA%s(b *testing.B) {\n", F)
	var args, cargs, written []string
	for i := 0; i < params.Len(); i++ {
		fmt.Fprintf(b, "\tvar a%d %s\n", i, n.typ(params.At(i).Type()))
		args = append(args, fmt.Sprintf("a%d", i))
		if writable(params.At(i).Type()) {
			cargs = append(cargs, fmt.Sprintf("c%d[k]", i))
			written = append(written, fmt.Sprintf("!%s(w%d, a%d)", gens.same(params.At(i).Type()), i, i))
		} else {
			cargs = append(cargs, fmt.Sprintf("a%d", i))
		}
	}
	fmt.Fprintf(b, "\tfound := false\n\tfor try := range %d {\n\t\tg := %sBenchGen(uint64(try))\n\t\t_ = g // every parameter may have its //vssa:range\n", benchTries, s)
	nw := 0 // the writable parameters, which take turns being longer
	for i := 0; i < params.Len(); i++ {
		if writable(params.At(i).Type()) {
			nw++
		}
	}
	w := 0
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if r, ok := c.Ranges[i]; ok && c.Drawn[i] {
			fmt.Fprintf(b, "\t\ta%d = %s(%d + g.n(%d))\n", i, n.typ(t), max(r[0], 0), r[1]-max(r[0], 0)+1)
			continue
		} else if ok {
			fmt.Fprintf(b, "\t\ta%d = %s(%d)\n", i, n.typ(t), r[1])
			continue
		}
		if writable(t) {
			fmt.Fprintf(b, "\t\tif try%%%d == %d {\n\t\t\tg.scale = 1 << (try / %d)\n\t\t}\n", nw, w, benchTries/4)
			w++
		}
		fmt.Fprintf(b, "\t\ta%d = %s(g)\n\t\tg.scale = 1\n", i, gens.gen(t))
	}
	var clones []string
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\t\tw%d := %s(a%d)\n", i, gens.clone(t), i)
			clones = append(clones, fmt.Sprintf("w%d", i))
		} else {
			clones = append(clones, fmt.Sprintf("a%d", i))
		}
	}
	fmt.Fprintf(b, "\t\tif %sCatch(func() { %s(%s) }) == \"\" {\n\t\t\tfound = true\n\t\t\tbreak\n\t\t}\n\t}\n", s, n.refCall(c), spread(c.Sig, clones))
	fmt.Fprintf(b, "\tif !found {\n\t\tb.Skip(\"the Go original panics on every input tried: bound its integer parameters with //vssa:range\")\n\t}\n")
	// Whether it writes its input: compared after a call on a copy.
	inPlace := "false"
	if len(written) > 0 {
		for i := 0; i < params.Len(); i++ {
			if t := params.At(i).Type(); writable(t) {
				fmt.Fprintf(b, "\tw%d := %s(a%d)\n", i, gens.clone(t), i)
			}
		}
		fmt.Fprintf(b, "\t%s(%s)\n", n.refCall(c), spread(c.Sig, clones))
		inPlace = strings.Join(written, " || ")
	}
	fmt.Fprintf(b, "\tinPlace := %s\n\tbatch := 64\n\tif inPlace {\n\t\tbatch = 16\n\t}\n", inPlace)
	var restore []string
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\tc%d := make([]%s, batch)\n\tfor k := range c%d {\n\t\tc%d[k] = %s(a%d)\n\t}\n", i, n.typ(t), i, i, gens.clone(t), i)
			restore = append(restore, fmt.Sprintf("\t\t\t\t\t%s(c%d[k], a%d)\n", gens.restore(t), i, i))
		}
	}
	for _, side := range []struct{ impl, fn string }{{"gc", n.refCall(c)}, {"vssa", F}} {
		fmt.Fprintf(b, "\tb.Run(\"impl=%s\", func(b *testing.B) {\n\t\t%sNoteCount(b)\n\t\tvar ns int64\n\t\tcalls := 0\n\t\tfor b.Loop() {\n", side.impl, s)
		if len(restore) > 0 {
			fmt.Fprintf(b, "\t\t\tif inPlace {\n\t\t\t\tfor k := range batch {\n%s\t\t\t\t}\n\t\t\t}\n", strings.Join(restore, ""))
		}
		fmt.Fprintf(b, "\t\t\tt0 := time.Now()\n\t\t\tfor k := range batch {\n\t\t\t\t_ = k\n\t\t\t\t%s(%s)\n\t\t\t}\n\t\t\tns += time.Since(t0).Nanoseconds()\n\t\t\tcalls += batch\n\t\t}\n\t\tb.ReportMetric(float64(ns)/float64(calls), \"ns/op\")\n\t})\n", side.fn, spread(c.Sig, cargs))
	}
	fmt.Fprintf(b, "\t_ = inPlace\n}\n\n")
}

// writeBenchSupport writes what the benchmarks share.
func writeBenchSupport(b *bytes.Buffer, n names) {
	fmt.Fprintf(b, `// %[1]sCountNoted is set once %[1]sNoteCount has said that -count N
// does not interleave.
var %[1]sCountNoted bool

// %[1]sNoteCount says, once, that -count N above 1 measures impl=gc N
// times and then impl=vssa N times, at different moments of a loaded
// machine, and how to interleave them.
func %[1]sNoteCount(b *testing.B) {
	if f := vssaflag.Lookup("test.count"); f != nil && f.Value.String() != "1" && !%[1]sCountNoted {
		%[1]sCountNoted = true
		b.Logf("-count %%s is not interleaved (impl=gc %%[1]s times, then impl=vssa): for interleaved rounds run the test binary once per round, with -test.count 1", f.Value)
	}
}

`, n.stem)
}
