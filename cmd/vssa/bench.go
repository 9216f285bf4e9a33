package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/vssa-go/vssa/internal/bench"
)

func init() {
	var runs int
	register(&command{
		name:  "bench",
		usage: "[-n=RUNS] [PATTERNS...]",
		short: "measure SSA construction and validation against x/tools' lifting",
		long: `Bench loads the packages (default: std) and, in one process, measures
x/tools' own SSA lifting (CPU time in its lift function during a default
build; the difference between its default and NaiveForm builds is shown
too) against vssa's normalize and mem2reg with each builder, and counts
the phis of each and the bytes each allocates. Every vssa pass is
validated right after it runs on a function and its result then checked
by the IR checker, as the pass manager does (validators read the
register counts the checker leaves on their input); CPU profiles
attribute the time to the pass, its validator and the checker (each
measured loop runs 5 times in its profile, the two builders 10 times
each, taking turns function by function in one profile, each right after
the checker read its input and counted its registers, as in the pass
manager, which runs every pass on one function before the next; figures
are per run). As yardsticks it also times one read of every
instruction's operands, and the CFG analyses (dominator tree, postorder)
of mem2reg's inputs, which the builders read from the IR checker's cache
where x/tools' lift computes its own. It splits each build into
promotion (and, of it, copying the input, which x/tools lifts in place,
and finding the promotable allocations) and SSA construction proper. It
repeats the whole measurement -n times and reports the median run (by
x/tools' lifting time), every figure of a line from that same run, since
machines are noisy. The profiler samples at 100 Hz: a validator's figure
rests on some 80-90 samples per run, so single runs move by about 10%,
and the validator/builder ratio is also given over all runs, from every
run's samples. On Linux every builder and validator call is also timed
by its thread's CPU time, less what an empty interval measures (each
clock read is a system call), and those figures are given over all runs,
with each run's ratio: no sampling error, and steadier from run to run
than the profile's (within half a point of val/build here, against
several points), but the clock reads disturb the caches, so they may run
a little high, the validators' most.`,
		flags: func(fs *flag.FlagSet) {
			fs.IntVar(&runs, "n", 3, "number of runs")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				args = []string{"std"}
			}
			if runs < 1 {
				fmt.Fprintf(stderr, "vssa bench: -n must be positive\n")
				return exitUsage
			}
			var results []*bench.Result
			for i := 0; i < runs; i++ {
				r, err := bench.Measure(args)
				if err != nil {
					fmt.Fprintf(stderr, "vssa bench: %v\n", err)
					return exitFailure
				}
				results = append(results, r)
			}
			bench.Report(stdout, results)
			return exitOK
		},
	})
}
