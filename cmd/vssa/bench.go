package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/vssa-go/vssa/internal/bench"
)

func init() {
	var runs int
	var gsaOnly, withLoopnorm, gen bool
	register(&command{
		name:  "bench",
		usage: "[-n=RUNS] [-gsa [-loopnorm]] [-gen] PATTERNS...",
		short: "measure SSA construction and validation against x/tools' lifting",
		long: `Bench loads the packages (e.g. std) and, in one process, measures
x/tools' own SSA lifting (CPU time in its lift function during a default
build) against vssa on the functions both have: normalize, mem2reg with
each builder and its validator, the IR checker on each result, and the
pass manager running normalize and mem2reg with validation as vssa check
does (both passes, both validators, the IR checker after each, the
fingerprints of the inputs), with where its time goes; and gvn with its
validator on each accepted result of mem2reg (Cytron), right after it,
with where the pass's time goes, then checkelim with its validator on each of gvn's.
Times are CPU
time attributed by the profiler (background garbage collection is left
out of every figure alike), each loop repeated inside its profile; x/tools'
lifted build, the builders and the pass manager take turns repetition by
repetition in one profile, so that both sides of each ratio are measured
in the same conditions. On Linux each build with its validation, and
each manager call, are also
timed by the thread's CPU time. It counts phis and the bytes each pass allocates.
It repeats the whole measurement -n times and reports the median run
(by x/tools' lifting time), since machines are noisy, then ends with
four lines:

  gvn+validate / mem2reg+validate = Q.QQx, gvn validate / pass = V%
  checkelim validate / pass = W%
  mem2reg+validate / lift = X.XXx, validate / build = Y%
  pipeline / lift = Z.ZZx

Q: gvn and its validator over mem2reg (Cytron) and its validator, on
the same functions; V: gvn's validator over the pass; W: checkelim's
validator over the pass.
X: mem2reg (Cytron; promotion and SSA construction) and its validator
over x/tools' lift; Y: that validator over that build; Z: the pass
manager over x/tools' lift. All from the profiles: Q, X and Z each the
median of its ratio over the runs, V, W and Y from the samples of every
run.

With -gsa, it measures gated SSA instead, once: on each function of the
packages, after normalize (and loopnorm with -loopnorm), mem2reg with
its validator, then gsa with its validator on mem2reg's accepted
result, each timed by the thread's CPU time (Linux; else wall time),
with the bytes each allocates, the share of phis made gammas or mus or
kept, and how the validator's questions were settled; it ends with

  gsa+validate / mem2reg+validate = Q.QQx, slowest function S (F), over 1 s: N

With -gen, it runs gsa with its validator on generated worst cases
(internal/cfggen: if-chains, switches, nested loops with many exits, of
sizes doubling) and shows the time and memory each takes and how they
grow; -gen needs no packages.`,
		flags: func(fs *flag.FlagSet) {
			fs.IntVar(&runs, "n", 3, "number of runs")
			fs.BoolVar(&gsaOnly, "gsa", false, "measure gsa with its validator against mem2reg with its validator instead")
			fs.BoolVar(&withLoopnorm, "loopnorm", false, "with -gsa: loopnorm before mem2reg")
			fs.BoolVar(&gen, "gen", false, "measure gsa with its validator on generated worst-case CFGs")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if gen {
				bench.ReportGrowth(stdout, bench.Growth())
				if len(args) == 0 {
					return exitOK
				}
				fmt.Fprintln(stdout)
			}
			if gsaOnly {
				if len(args) == 0 {
					return badUsage(stderr, "bench", "no packages given (std for the standard library)")
				}
				r, err := bench.MeasureGSA(args, withLoopnorm)
				if err != nil {
					fmt.Fprintf(stderr, "vssa bench: %v\n", err)
					return exitFailure
				}
				bench.ReportGSA(stdout, r)
				if r.Rejected > 0 {
					return exitFailure
				}
				return exitOK
			}
			if len(args) == 0 {
				// std takes minutes: it must be asked for.
				return badUsage(stderr, "bench", "no packages given (std for the standard library)")
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
			// The profiler samples every 10ms and the figures are per
			// repetition, of 20: below 10ms (some 20 samples) a ratio
			// is noise, or n/a where a side got no sample at all.
			const tooFew = 10 * time.Millisecond
			for _, r := range results {
				if r.XLiftCPU < tooFew || r.Builders[0].Build < tooFew {
					fmt.Fprintf(stderr, "vssa bench: warning: x/tools' lift %v and mem2reg %v of CPU in a run: too few profile samples for the ratios to mean anything; measure more packages (std takes minutes)\n",
						r.XLiftCPU.Round(time.Millisecond), r.Builders[0].Build.Round(time.Millisecond))
					break
				}
			}
			return exitOK
		},
	})
}
