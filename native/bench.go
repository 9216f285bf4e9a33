// This file writes the generated benchmarks: gc's code (the test's copy
// of the Go original) and vssa's, on the same inputs, one after the
// other in each run of the test binary, for benchstat -col /impl.

package native

import (
	"bytes"
	"fmt"
	"go/types"
	"strings"
)

// benchTries is how many inputs a benchmark draws, at most, looking for
// those on which the Go original does not panic: a quarter at each of
// the factors 1, 2, 4 and 8 of a writable slice's length, the writable
// slices taking turns (an output twice or 4/3 its input's size, as hex
// and base64 Encode write).
const benchTries = 40

// writeBench writes F's benchmark. Its inputs: integers drawn in
// [0, 1024) (an index of every slice) or the top of their //vssa:range
// (a loop count without one is drawn in the range vssa compile chose),
// slices of 1024 elements, a writable one longer if the original
// panics on that. The tries take turns with the alphabets elements and
// bytes are drawn from (Alphabets), and the benchmark keeps, of those
// of the smallest room on which the original does not panic, the input
// on which it works longest: a hex decoder or a number parser is timed
// on hex or digits, not on the first invalid byte. A slice or string parameter of the same type as an
// earlier one starts with that one's contents: a compare loop
// (matchLen, ConstantTimeCompare) then runs to its end, as in its hot
// use, where random contents would stop it at the first element and
// time only the call. A function that writes its input (a sort, Axpy) gets
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
	for i := 0; i < params.Len(); i++ {
		fmt.Fprintf(b, "\tvar b%d %s\n", i, n.typ(params.At(i).Type()))
	}
	fmt.Fprintf(b, "\tbest, bestScale := time.Duration(-1), 0\n\tfor try := range %d {\n\t\tif scale := 1 << (try / %d); best >= 0 && scale > bestScale {\n\t\t\tbreak // the smallest room that does\n\t\t}\n\t\tg := %sBenchGen(uint64(try))\n\t\tg.alphabet = %sAlphabets[try%%len(%sAlphabets)]\n\t\t_ = g // every parameter may have its //vssa:range\n", benchTries, benchTries/4, s, s, s)
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
		if j := samePrefixOf(params, i); j >= 0 {
			if isString(t) {
				fmt.Fprintf(b, "\t\tif m := min(len(a%[1]d), len(a%[2]d)); true {\n\t\t\ta%[1]d = a%[2]d[:m] + a%[1]d[m:]\n\t\t}\n", i, j)
			} else {
				fmt.Fprintf(b, "\t\tcopy(a%d, a%d)\n", i, j)
			}
		}
	}
	var clones, fresh, keep, back []string
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\t\tw%d := %s(a%d)\n", i, gens.clone(t), i)
			clones = append(clones, fmt.Sprintf("w%d", i))
			fresh = append(fresh, fmt.Sprintf("w%d = %s(a%d)", i, gens.clone(t), i))
		} else {
			clones = append(clones, fmt.Sprintf("a%d", i))
		}
		keep = append(keep, fmt.Sprintf("b%d = a%d", i, i))
		back = append(back, fmt.Sprintf("a%d = b%d", i, i))
	}
	call := fmt.Sprintf("%s(%s)", n.refCall(c), spread(c.Sig, clones))
	// An input on which the original panics, or loops past the
	// counting copy's limit (stepcopy.go), is not timed.
	fmt.Fprintf(b, "\t\t%sSteps = 0\n\t\tif %sCatch(func() { %s(%s) }) != \"\" {\n\t\t\tcontinue\n\t\t}\n", s, s, n.stepCall(c), spread(c.Sig, clones))
	fmt.Fprintf(b, "\t\tif d := %sWorkTime(func() { %s }, func() { %s }); d > best {\n\t\t\tbest, bestScale = d, 1<<(try/%d)\n", s, strings.Join(fresh, "; "), call, benchTries/4)
	for _, k := range keep {
		fmt.Fprintf(b, "\t\t\t%s\n", k)
	}
	fmt.Fprintf(b, "\t\t}\n\t}\n\tif best < 0 {\n\t\tb.Skip(\"the Go original panics on every input tried: bound its integer parameters with //vssa:range\")\n\t}\n")
	for _, k := range back {
		fmt.Fprintf(b, "\t%s\n", k)
	}
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
	fmt.Fprintf(b, `// %[1]sWorkTime returns the shortest of three timed calls of call, each
// after an untimed prepare (fresh copies of what it writes): how long
// the Go original works on an input, to pick the benchmark's.
func %[1]sWorkTime(prepare, call func()) time.Duration {
	d := time.Duration(math.MaxInt64)
	for range 3 {
		prepare()
		t0 := time.Now()
		call()
		d = min(d, time.Since(t0))
	}
	return d
}

// %[1]sCountNoted is set once %[1]sNoteCount has said that -count N
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

// samePrefixOf returns the first parameter before i of the same slice
// or string type as parameter i, or -1: the benchmark copies its
// contents into parameter i (see writeBench).
func samePrefixOf(params *types.Tuple, i int) int {
	t := params.At(i).Type()
	if _, ok := t.Underlying().(*types.Slice); !ok && !isString(t) {
		return -1
	}
	for j := range i {
		if types.Identical(params.At(j).Type(), t) {
			return j
		}
	}
	return -1
}

// isString reports whether t is a string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
