// This file writes the generated benchmarks: gc's code (the test's copy
// of the Go original) and vssa's, on the same input, batch by batch in
// turns within one benchmark.

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

// benchBytes bounds the memory of a batch's copies of the written
// arguments (see the generated Batch): half of a 32 KiB first-level
// data cache.
const benchBytes = 16 << 10

// writeBench writes F's benchmark. Its inputs: integers drawn in
// [0, 1024) (an index of every slice) or the top of their //vssa:range
// (a loop count without one is drawn in the range vssa compile chose),
// slices of 1024 elements, a writable one longer if the original
// panics on that. The tries take turns with the alphabets elements and
// bytes are drawn from (Alphabets), and the benchmark keeps, of those
// of the smallest room on which the original does not panic, the input
// on which it runs the most loop rounds (the first of those, so that
// every run times the same input): a hex decoder or a number parser is
// timed on hex or digits, not on the first invalid byte. A slice or
// string parameter of the same type as an
// earlier one starts with that one's contents: a compare loop
// (matchLen, ConstantTimeCompare) then runs to its end, as in its hot
// use, where random contents would stop it at the first element and
// time only the call. A function that writes its input (a sort, Axpy) gets
// a fresh copy of the same input at each call, on both sides: copies
// made a batch at a time, outside the time measured (b.StopTimer, which
// reads the memory statistics, would cost more than a small function's
// call). The two sides take turns batch by batch; Report says what is
// reported.
func writeBench(b *bytes.Buffer, n names, gens *genSet, c *Compiled) {
	s, F := n.stem, c.Name
	params := c.Sig.Params()
	fmt.Fprintf(b, "// BenchmarkVSSA%s times gc's %s (its Go original) and vssa's on the same\n// input, in turns, and reports gc-ns/op, vssa-ns/op and gc/vssa. Over runs:\n//\n//\tgo test -run NONE -bench VSSA -count 10 | benchstat -\n", F, F)
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
	fmt.Fprintf(b, "\tbest, bestScale, bestTry := -1, 0, 0\n\tfor try := range %d {\n\t\tif scale := 1 << (try / %d); best >= 0 && scale > bestScale {\n\t\t\tbreak // the smallest room that does\n\t\t}\n\t\tg := %sBenchGen(uint64(try))\n\t\tg.alphabet = %sAlphabets[try%%len(%sAlphabets)]\n\t\t_ = g // every parameter may have its //vssa:range\n", benchTries, benchTries/4, s, s, s)
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
	var clones, keep, back []string
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\t\tw%d := %s(a%d)\n", i, gens.clone(t), i)
			clones = append(clones, fmt.Sprintf("w%d", i))
		} else {
			clones = append(clones, fmt.Sprintf("a%d", i))
		}
		keep = append(keep, fmt.Sprintf("b%d = a%d", i, i))
		back = append(back, fmt.Sprintf("a%d = b%d", i, i))
	}
	// An input on which the original panics, or loops past the
	// counting copy's limit (stepcopy.go), is not timed.
	fmt.Fprintf(b, "\t\t%sSteps = 0\n\t\tif %sCatch(func() { %s(%s) }) != \"\" {\n\t\t\tcontinue\n\t\t}\n", s, s, n.stepCall(c), spread(c.Sig, clones))
	// Its work is counted in loop rounds, not timed: a timed choice
	// among inputs of equal work is the noise of the moment, and made
	// each run of a loaded machine time another input.
	fmt.Fprintf(b, "\t\tif %sSteps > best {\n\t\t\tbest, bestScale, bestTry = %sSteps, 1<<(try/%d), try\n", s, s, benchTries/4)
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
	fmt.Fprintf(b, "\tinPlace := %s\n\tbatch := %sBatch(inPlace, %s)\n", inPlace, s, copiedBytes(params))
	fmt.Fprintf(b, "\tif testing.Verbose() {\n\t\tb.Logf(\"input of try %%d, on which the Go original runs %%d loop rounds; %%d calls a batch\", bestTry, best, batch)\n\t}\n")
	var restore []string
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if writable(t) {
			fmt.Fprintf(b, "\tc%d := make([]%s, batch)\n\tfor k := range c%d {\n\t\tc%d[k] = %s(a%d)\n\t}\n", i, n.typ(t), i, i, gens.clone(t), i)
			restore = append(restore, fmt.Sprintf("\t\t\t\t\t%s(c%d[k], a%d)\n", gens.restore(t), i, i))
		}
	}
	// The sides take turns batch by batch, each first in every other
	// round, so that both meet the same moments of a loaded machine.
	// Each call's results go to package variables (sinks): gc inlines
	// a small original into the batch loop, and without a use of its
	// result, dropped the work computing it (bzip2's updateCRC kept
	// only its loop over the bytes, 0.12x).
	results := c.Sig.Results()
	var sinks []string
	for j := 0; j < results.Len(); j++ {
		sinks = append(sinks, fmt.Sprintf("%sSink%s%d", s, F, j))
	}
	assign := ""
	if len(sinks) > 0 {
		assign = strings.Join(sinks, ", ") + " = "
	}
	fmt.Fprintf(b, "\tsides := [2]func(){\n")
	for _, fn := range []string{n.refCall(c), F} {
		fmt.Fprintf(b, "\t\tfunc() {\n\t\t\tfor k := range batch {\n\t\t\t\t_ = k\n\t\t\t\t%s%s(%s)\n\t\t\t}\n\t\t},\n", assign, fn, spread(c.Sig, cargs))
	}
	fmt.Fprintf(b, "\t}\n\tvar ns [2][]int64 // each side's batches' times\n\tfor round := 0; b.Loop(); round++ {\n\t\tfor j := range 2 {\n\t\t\tside := (round + j) %% 2\n")
	if len(restore) > 0 {
		fmt.Fprintf(b, "\t\t\tif inPlace {\n\t\t\t\tfor k := range batch {\n%s\t\t\t\t}\n\t\t\t}\n", strings.Join(restore, ""))
	}
	fmt.Fprintf(b, "\t\t\tt0 := time.Now()\n\t\t\tsides[side]()\n\t\t\tns[side] = append(ns[side], time.Since(t0).Nanoseconds())\n\t\t}\n\t}\n\t%sReport(b, ns, batch)\n", s)
	fmt.Fprintf(b, "\t_ = inPlace\n}\n\n")
	for j, sink := range sinks {
		fmt.Fprintf(b, "// %s keeps result %d of BenchmarkVSSA%s's calls.\nvar %s %s\n\n", sink, j, F, sink, n.typ(results.At(j).Type()))
	}
}

// writeBenchSupport writes what the benchmarks share.
func writeBenchSupport(b *bytes.Buffer, n names) {
	fmt.Fprintf(b, `// %[1]sBatch returns how many calls a benchmark times together: up
// to 64 (16 on an input written in place, restored before each batch),
// as many as keep the batch's copies of the written arguments (bytes
// each) within %[2]d bytes, so that both sides are timed on data in
// the first-level cache. A larger set was timed on the second-level
// cache, which the other processes of a loaded machine share: both
// sides then varied by 2x from run to run.
func %[1]sBatch(inPlace bool, bytes int) int {
	most := 64
	if inPlace {
		most = 16
	}
	return max(1, min(most, %[2]d/max(bytes, 1)))
}

// %[1]sReport reports each side's time a call, gc-ns/op and
// vssa-ns/op, and their ratio gc/vssa (above 1, vssa is faster). A
// side's time is the 10th percentile of its batches' times: that of a
// batch the machine left alone. The mean counted the batches during
// which the process was descheduled, whole time slices of other
// processes, and swung a ratio from 0.3 to 1.5 between runs of one
// binary; the median still moved with the neighbours' load.
func %[1]sReport(b *testing.B, ns [2][]int64, batch int) {
	gc, vssa := %[1]sLow(ns[0]), %[1]sLow(ns[1])
	b.ReportMetric(gc/float64(batch), "gc-ns/op")
	b.ReportMetric(vssa/float64(batch), "vssa-ns/op")
	if vssa > 0 {
		b.ReportMetric(gc/vssa, "gc/vssa")
	}
}

// %[1]sLow returns the 10th percentile of ns.
func %[1]sLow(ns []int64) float64 {
	if len(ns) == 0 {
		return 0
	}
	slices.Sort(ns)
	return float64(ns[len(ns)/10])
}

`, n.stem, benchBytes)
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

// copiedBytes returns the Go expression of the size in bytes of one
// copy of the writable parameters (a0, a1, ...): a slice's backing
// array up to its capacity, a pointer's target. A slice's copy is
// shallow (Clone), so its elements' own memory is not copied.
func copiedBytes(params *types.Tuple) string {
	var terms []string
	for i := 0; i < params.Len(); i++ {
		switch u := params.At(i).Type().Underlying().(type) {
		case *types.Slice:
			terms = append(terms, fmt.Sprintf("cap(a%d)*%d", i, gcSizes.Sizeof(u.Elem())))
		case *types.Pointer:
			terms = append(terms, fmt.Sprint(gcSizes.Sizeof(u.Elem())))
		}
	}
	if len(terms) == 0 {
		return "0"
	}
	return strings.Join(terms, " + ")
}
