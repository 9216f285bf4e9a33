// This file drives the yardstick: it lists the programs and, in
// parallel, skips, builds, interprets and compares each of them.

package goroot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"time"
)

// A Config says what to run and how.
type Config struct {
	Toolchain Toolchain      // builds the expected outputs; see FindToolchain
	TestDir   string         // default Toolchain.GOROOT/test
	CacheDir  string         // expected-output cache; "" for none (see DefaultCacheDir)
	Filter    *regexp.Regexp // keeps the tests whose path relative to TestDir it matches; nil for all
	Passes    string         // passed to the interpreter as -passes, if not empty
	Timeout   time.Duration  // for each real and each interpreted run; default DefaultTimeout
	Jobs      int            // programs handled in parallel; default runtime.NumCPU()

	// Interp returns the command line (program and arguments) that
	// interprets the absolute file name file with the given passes.
	// Required; VSSARun gives the real one.
	Interp func(file, passes string) []string

	Env  []string  // environment of every command; nil for os.Environ()
	Warn io.Writer // where harness warnings (a cache write failed) go; nil for os.Stderr
}

// DefaultTimeout is the timeout of a run when Config.Timeout is zero.
// The interpreter runs programs 50 to 100 times slower than the compiled
// ones, and the slowest programs that pass take up to two minutes with
// two running at once (fixedbugs/issue79186.go, 106 s; divmod.go, 68 s
// without passes): a shorter timeout makes the verdict on them depend on
// the machine's load, and on whether passes made them faster, where it
// should say whether the interpreter runs them as Go does.
const DefaultTimeout = 4 * time.Minute

// VSSARun returns the Interp function that runs
//
//	exe run [-passes=LIST] FILE
//
// where exe is the vssa executable.
func VSSARun(exe string) func(file, passes string) []string {
	return func(file, passes string) []string {
		argv := []string{exe, "run"}
		if passes != "" {
			argv = append(argv, "-passes="+passes)
		}
		return append(argv, file)
	}
}

// Outcomes of a test.
const (
	Pass = "pass"
	Fail = "fail"
	Skip = "skip"
)

// A Result is the outcome of one program. It is also the JSON object
// printed per program by vssa goroot -json.
type Result struct {
	Test    string  `json:"test"`    // path relative to the test directory, slash-separated
	Outcome string  `json:"outcome"` // Pass, Fail or Skip
	Reason  string  `json:"reason"`  // why it failed or was skipped; "" for a pass
	Seconds float64 `json:"seconds"` // run time of the interpreted program; 0 if it did not run

	// Want and Got are what the real and the interpreted program did,
	// set when both ran to the end and what they did differs (a Fail
	// that is not a timeout or a harness problem), for callers that
	// look further than Reason: the differential tests tell a stop on
	// something unsupported from a wrong result. Not in the JSON.
	Want, Got *Output `json:"-"`
}

// A Summary counts the outcomes of a run.
type Summary struct {
	Passed, Failed, Skipped int
	Built                   int // expected outputs built (not found in the cache)
}

// String returns the summary line "N passed, M failed, K skipped".
func (s Summary) String() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", s.Passed, s.Failed, s.Skipped)
}

// Run lists the programs of the test directory selected by cfg, handles
// cfg.Jobs of them at a time, and calls report with each result in the
// order of the listing (sorted by path), as soon as it and all the
// results before it are known. The error is for a test directory that
// cannot be listed or an invalid Config; per-program problems are
// results.
func Run(ctx context.Context, cfg Config, report func(Result)) (Summary, error) {
	r, err := newRunner(cfg)
	if err != nil {
		return Summary{}, err
	}
	tests, err := List(r.testDir, cfg.Filter)
	if err != nil {
		return Summary{}, err
	}
	results := make([]Result, len(tests))
	built := make([]bool, len(tests))
	done := make([]chan struct{}, len(tests))
	for i := range done {
		done[i] = make(chan struct{})
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(r.cfg.Jobs, len(tests)) {
		wg.Go(func() {
			for i := range work {
				if ctx.Err() == nil {
					results[i], built[i] = r.test(ctx, tests[i])
				}
				close(done[i])
			}
		})
	}
	go func() {
		for i := range tests {
			work <- i
		}
		close(work)
	}()
	var sum Summary
	for i := range tests {
		<-done[i]
		if ctx.Err() != nil {
			break // this result may be of a program stopped midway
		}
		switch results[i].Outcome {
		case Pass:
			sum.Passed++
		case Fail:
			sum.Failed++
		case Skip:
			sum.Skipped++
		}
		if built[i] {
			sum.Built++
		}
		if report != nil {
			report(results[i])
		}
	}
	wg.Wait()
	return sum, ctx.Err()
}

// A runner holds a completed Config.
type runner struct {
	cfg     Config
	testDir string // absolute
	tags    tagSet
	warnMu  sync.Mutex
}

func newRunner(cfg Config) (*runner, error) {
	if cfg.Interp == nil {
		return nil, errors.New("goroot: Config.Interp is nil")
	}
	if cfg.Toolchain.Go == "" {
		cfg.Toolchain.Go = "go"
	}
	if cfg.TestDir == "" {
		if cfg.Toolchain.GOROOT == "" {
			return nil, errors.New("goroot: neither Config.TestDir nor Toolchain.GOROOT is set")
		}
		cfg.TestDir = filepath.Join(cfg.Toolchain.GOROOT, "test")
	}
	dir, err := filepath.Abs(cfg.TestDir)
	if err != nil {
		return nil, err
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.NumCPU()
	}
	if cfg.Warn == nil {
		cfg.Warn = os.Stderr
	}
	return &runner{cfg: cfg, testDir: dir, tags: newTagSet(cfg.Toolchain)}, nil
}

// file returns the absolute file name of the program rel.
func (r *runner) file(rel string) string {
	return filepath.Join(r.testDir, filepath.FromSlash(rel))
}

// warn reports a harness problem that does not change any outcome.
func (r *runner) warn(format string, args ...any) {
	r.warnMu.Lock()
	defer r.warnMu.Unlock()
	fmt.Fprintf(r.cfg.Warn, "vssa goroot: "+format+"\n", args...)
}

// test handles one program: the static skip rules, the expected output,
// the interpreted run and the comparison. built reports whether the
// expected output was built rather than found in the cache.
func (r *runner) test(ctx context.Context, rel string) (res Result, built bool) {
	res.Test = rel
	src, err := os.ReadFile(r.file(rel))
	if err != nil {
		return fail(res, "harness: "+err.Error()), false
	}
	if why := staticSkip(r.testDir, rel, src, r.tags); why != "" {
		return skip(res, why), false
	}
	want, built, err := r.expect(ctx, rel, src)
	switch {
	case err != nil:
		return fail(res, "harness: "+err.Error()), built
	case want.Skip != "":
		return skip(res, want.Skip), built
	case want.TimedOut:
		return skip(res, fmt.Sprintf("real program timed out after %v", want.Timeout)), built
	case want.Seconds > r.cfg.Timeout.Seconds():
		return skip(res, fmt.Sprintf("real program timed out: its cached run took %.1fs, over the timeout %v", want.Seconds, r.cfg.Timeout)), built
	}
	argv := r.cfg.Interp(r.file(rel), r.cfg.Passes)
	got, err := runCommand(ctx, argv, r.testDir, runEnv(r.cfg.Env, r.testDir), r.cfg.Timeout)
	if err != nil {
		return fail(res, "cannot start the interpreter: "+err.Error()), built
	}
	res.Seconds = got.Elapsed.Round(time.Millisecond).Seconds()
	if got.TimedOut {
		return fail(res, fmt.Sprintf("timeout after %v", r.cfg.Timeout)), built
	}
	if why := Compare(want.Output, got.Output); why != "" {
		res.Want, res.Got = &want.Output, &got.Output
		return fail(res, why), built
	}
	res.Outcome = Pass
	return res, built
}

func skip(res Result, why string) Result {
	res.Outcome, res.Reason = Skip, why
	return res
}

func fail(res Result, why string) Result {
	res.Outcome, res.Reason = Fail, why
	return res
}
