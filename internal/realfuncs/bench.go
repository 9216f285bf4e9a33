// This file measures gc against vssa on the generated benchmarks, in
// interleaved rounds, and summarises the ratios.

package realfuncs

import (
	"fmt"
	"io"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// benchLine matches a result line of the generated benchmarks,
// BenchmarkVSSA<F>-2  N  T ns/op  G gc-ns/op  R gc/vssa  V vssa-ns/op
// (the metrics in any order), and benchMetric one side's time in it.
var (
	benchLine   = regexp.MustCompile(`^BenchmarkVSSA(\w+?)(?:-\d+)?\s+\d+\s+(.*)$`)
	benchMetric = regexp.MustCompile(`([0-9.e+]+) (gc|vssa)-ns/op`)
)

// ParseBench returns the ns/op of each implementation ("gc", "vssa") of
// each function in the output of a test binary's benchmarks.
func ParseBench(out string) map[string]map[string]float64 {
	res := map[string]map[string]float64{}
	for _, line := range strings.Split(out, "\n") {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		for _, mm := range benchMetric.FindAllStringSubmatch(m[2], -1) {
			ns, err := strconv.ParseFloat(mm[1], 64)
			if err != nil {
				continue
			}
			if res[m[1]] == nil {
				res[m[1]] = map[string]float64{}
			}
			res[m[1]][mm[2]] = ns
		}
	}
	return res
}

// A Bench is a built test binary of one entry's package.
type Bench struct {
	Name   string // the entry's name
	Path   string // the import path of the function's package
	Binary string
}

// BuildBench builds the test binary of e's package, extracted in dir.
func BuildBench(e Entry, dir string) (Bench, error) {
	bin := filepath.Join(dir, "bench.test")
	if _, err := goCmd(dir, "test", "-c", "-o", bin, "."); err != nil {
		return Bench{}, err
	}
	return Bench{Name: e.Name(), Path: e.Path(), Binary: bin}, nil
}

// Ratios holds, per function (import path and name, as vssa compile
// names its benchmark), gc's time over vssa's in each round.
type Ratios map[string][]float64

// RunRounds runs each binary's benchmarks once per round, the binaries
// taking turns within a round, and inside each run the generated
// benchmark runs gc and vssa in turns, batch by batch. Progress goes to
// log.
func RunRounds(benches []Bench, rounds int, benchtime string, log io.Writer) (Ratios, error) {
	r := Ratios{}
	dropped := map[string]bool{}
	for round := 0; round < rounds; round++ {
		for _, b := range benches {
			if dropped[b.Name] {
				continue
			}
			res, err := b.run(benchtime, log)
			if err != nil {
				return nil, err
			}
			if len(res) == 0 {
				dropped[b.Name] = true
				continue
			}
			for f, impl := range res {
				if impl["gc"] > 0 && impl["vssa"] > 0 {
					key := b.Path + "." + f
					r[key] = append(r[key], impl["gc"]/impl["vssa"])
				}
			}
		}
		fmt.Fprintf(log, "round %d of %d done\n", round+1, rounds)
	}
	return r, nil
}

// run runs b's benchmarks once. No result (said on log) is a benchmark
// that skips where it cannot make an input (an output larger than it).
func (b Bench) run(benchtime string, log io.Writer) (map[string]map[string]float64, error) {
	out, err := exec.Command(b.Binary, "-test.run", "NONE", "-test.bench", "VSSA", "-test.count", "1", "-test.benchtime", benchtime, "-test.timeout", "5m", "-test.v").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", b.Name, err, out)
	}
	res := ParseBench(string(out))
	if len(res) == 0 {
		fmt.Fprintf(log, "%s: no benchmark result, left out:\n%s\n", b.Name, out)
	}
	return res, nil
}

// A Pair is one entry's test binaries built from vssa compile's output
// with two pipelines: Base's and Alt's.
type Pair struct{ Base, Alt Bench }

// RunVersus runs each pair's two binaries once per round, one after the
// other, the pairs taking turns within a round, and returns per
// function vssa's time with Base's pipeline over its time with Alt's:
// above 1, Alt's code is faster. gc's side of each run is not used.
func RunVersus(pairs []Pair, rounds int, benchtime string, log io.Writer) (Ratios, error) {
	r := Ratios{}
	dropped := map[string]bool{}
	for round := 0; round < rounds; round++ {
		for _, p := range pairs {
			if dropped[p.Base.Name] {
				continue
			}
			base, err := p.Base.run(benchtime, log)
			if err != nil {
				return nil, err
			}
			alt, err := p.Alt.run(benchtime, log)
			if err != nil {
				return nil, err
			}
			if len(base) == 0 || len(alt) == 0 {
				dropped[p.Base.Name] = true
				continue
			}
			for f, impl := range base {
				if b, a := impl["vssa"], alt[f]["vssa"]; b > 0 && a > 0 {
					key := p.Base.Path + "." + f
					r[key] = append(r[key], b/a)
				}
			}
		}
		fmt.Fprintf(log, "round %d of %d done\n", round+1, rounds)
	}
	return r, nil
}

// Spread is the minimum, median and maximum of xs.
func Spread(xs []float64) (lo, med, hi float64) {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	med = s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return s[0], med, s[n-1]
}

// Geomean is the geometric mean of xs.
func Geomean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// Report writes one line per function (min, median, max of its ratios)
// and a summary line: the geomean of the medians. what says what the
// ratios are ("gc time / vssa time") and of what the geomean is ("gc").
func (r Ratios) Report(w io.Writer, what, of string) {
	var keys []string
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var meds []float64
	below := 0
	fmt.Fprintf(w, "%-60s %7s %7s %7s  (%s)\n", "function", "min", "median", "max", what+", rounds")
	for _, k := range keys {
		lo, med, hi := Spread(r[k])
		meds = append(meds, med)
		if med < 0.9 {
			below++
		}
		fmt.Fprintf(w, "%-60s %7.2f %7.2f %7.2f  (%d)\n", k, lo, med, hi, len(r[k]))
	}
	if len(meds) > 0 {
		fmt.Fprintf(w, "geomean of medians %.2fx %s over %d functions, %d below 0.9x\n", Geomean(meds), of, len(meds), below)
	}
}
