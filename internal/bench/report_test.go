package bench

import (
	"strings"
	"testing"
	"time"
)

// TestReport checks the figures Report derives from two hand-made runs:
// the median run's ratios, the ratio of every run, and of all together.
func TestReport(t *testing.T) {
	run := func(lift, build, validate time.Duration) *Result {
		return &Result{XLiftCPU: lift, Builders: []Builder{{Name: "cytron", Build: build, Validate: validate}}}
	}
	// Sorted by x/tools' lift, the median of three is the 200 ms one.
	runs := []*Result{run(300*time.Millisecond, 400*time.Millisecond, 120*time.Millisecond),
		run(200*time.Millisecond, 400*time.Millisecond, 100*time.Millisecond),
		run(100*time.Millisecond, 500*time.Millisecond, 200*time.Millisecond)}
	var out strings.Builder
	Report(&out, runs)
	for _, want := range []string{
		"cytron                    400ms     100ms        25%            2.50x",
		"cytron val/build in each run: 40% 25% 30%; over all runs: 32%", // 420 / 1300 ms
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	// The targets' lines end the report: X and Z each the median of its
	// ratio over the runs, (build+validate)/lift 1.73, 2.50 and 7.00 and
	// pipeline/lift (Report sorted the runs by lift: 100, 200, 300 ms)
	// 6.00, 2.50, 1.00; Y over all runs' samples, 420/1300 ms.
	for i, p := range []time.Duration{600, 500, 300} {
		runs[i].Pipeline = p * time.Millisecond
	}
	out.Reset()
	Report(&out, runs)
	if want := "\nmem2reg+validate / lift = 2.50x, validate / build = 32%\npipeline / lift = 2.50x\n"; !strings.HasSuffix(out.String(), want) {
		t.Errorf("report does not end with %q:\n%s", want, out.String())
	}
	if want := "in each run (by x/tools' lift), mem2reg+validate / lift and pipeline / lift: lift 100ms: 7.00x, 6.00x; lift 200ms: 2.50x, 2.50x; lift 300ms: 1.73x, 1.00x\n"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	runs[1].Builders[0].Promote, runs[1].Builders[0].Copy = 250*time.Millisecond, 90*time.Millisecond
	runs[1].Builders[0].Scan, runs[1].Builders[0].Construct = 40*time.Millisecond, 150*time.Millisecond
	out.Reset()
	Report(&out, runs)
	if want := "cytron build: promotion 250ms (copying the input 90ms, finding promotable allocations 40ms), SSA construction 150ms\n"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks the median run's breakdown %q:\n%s", want, out.String())
	}
	if strings.Contains(out.String(), "call by call (thread CPU time)") {
		t.Errorf("report has per-call figures, but the runs have none:\n%s", out.String())
	}
	// With per-call times (build and validation together), their mean
	// over all runs and each run's: 120, 250, 375 ms.
	for i, r := range runs {
		r.Builders[0].BuildValidateByCall = []time.Duration{120, 250, 375}[i] * time.Millisecond
	}
	out.Reset()
	Report(&out, runs)
	if want := "timed together call by call (thread CPU time), mean over all runs: cytron 248ms (each run: 120ms 250ms 375ms);"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	// The targets stay the profile's: the call-by-call times carry the
	// clock reads' disturbance.
	if want := "\nmem2reg+validate / lift = 2.50x, validate / build = 32%\npipeline / lift = 2.50x\n"; !strings.HasSuffix(out.String(), want) {
		t.Errorf("report does not end with %q:\n%s", want, out.String())
	}
	// GVN's figures: the median run's line, and its targets' line just
	// before the last two. Report sorted the runs by lift (100, 200,
	// 300 ms), whose mem2reg builds+validations are 700, 500 and 520 ms:
	// (gvn+validate)/(mem2reg+validate) 1.00, 2.00 and 0.52, median
	// 1.00; the validator's share over all runs' samples 370/1600 ms.
	for i, pv := range [][2]time.Duration{{600, 100}, {800, 200}, {200, 70}} {
		runs[i].GVN = PassTimes{Pass: pv[0] * time.Millisecond, Validate: pv[1] * time.Millisecond, Functions: 7, Removed: 11}
	}
	out.Reset()
	Report(&out, runs)
	if want := "\ngvn+validate / mem2reg+validate = 1.00x, gvn validate / pass = 23%\nmem2reg+validate / lift"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	if want := "gvn on cytron's 7 accepted results, right after each: pass 800ms, validator 200ms (25% of the pass), IR checker 0s; 11 instructions removed, 0 results not accepted; pass+validator 2.00x cytron's build+validator\n"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	// The median run's parts of the pass, in gvnParts' order.
	runs[1].GVN.Parts = []time.Duration{100 * time.Millisecond, 400 * time.Millisecond, 50 * time.Millisecond, 250 * time.Millisecond, 120 * time.Millisecond}
	out.Reset()
	Report(&out, runs)
	if want := "\ngvn pass's parts: numbering in rounds (functions with a loop) 100ms, the dominator tree walk (numbering loop-free functions, leaders, what each instruction becomes) 400ms, dead code 50ms, building the result 250ms, of which the copy (the unchanged blocks' lists, room for the others) 120ms\n"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	// checkelim's line and target line: the validator's share over all
	// runs' samples, (10+20+30)/(100+100+100) ms.
	for i, v := range []time.Duration{10, 20, 30} {
		runs[i].CheckElim = PassTimes{Pass: 100 * time.Millisecond, Validate: v * time.Millisecond, Functions: 5, Removed: 3}
	}
	out.Reset()
	Report(&out, runs)
	if want := "\ncheckelim validate / pass = 20%\nmem2reg+validate / lift"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	if want := "checkelim on gvn's 5 accepted results, right after each: pass 100ms, validator 20ms (20% of the pass), IR checker 0s; 3 checks removed, 0 results not accepted\n"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
}

// A run too small for the profiler to sample (a tiny package) has
// zero figures: its ratios are n/a, never NaN or Inf.
func TestReportEmptyRun(t *testing.T) {
	var out strings.Builder
	r := &Result{Builders: []Builder{{Name: "cytron"}}, GVN: PassTimes{Functions: 1}, CheckElim: PassTimes{Functions: 1}}
	Report(&out, []*Result{r})
	if s := out.String(); strings.Contains(s, "NaN") || strings.Contains(s, "Inf") || !strings.Contains(s, "gvn+validate / mem2reg+validate = n/a, gvn validate / pass = n/a\n") {
		t.Errorf("report of an empty run:\n%s", s)
	}
}
