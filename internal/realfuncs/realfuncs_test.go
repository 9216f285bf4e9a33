package realfuncs

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/testlong"
)

var (
	benchRounds = flag.Int("realfuncs.bench", 0, "run TestBench: this many interleaved rounds of the generated benchmarks")
	benchtime   = flag.String("realfuncs.benchtime", "300ms", "-test.benchtime of each benchmark run")
	withModules = flag.Bool("realfuncs.modules", false, "take modules.txt too (downloads modules through the module proxy)")
	sampleSize  = flag.Int("realfuncs.sample", 2, "without VSSA_LONG, how many entries of each list to compile and test")
	sampleSeed  = flag.Uint64("realfuncs.seed", 0, "seed of the sample (0: from the clock)")
	fuzztime    = flag.Duration("realfuncs.fuzztime", 20*time.Second, "with VSSA_LONG=1, how long to fuzz each compiled function")
	only        = flag.String("realfuncs.only", "", "take only the entries whose name (as in the test names) matches this regular expression")
	passList    = flag.String("realfuncs.passes", "", "vssa compile's -passes (default: its own)")
	versus      = flag.String("realfuncs.versus", "", "TestBench: compile each entry with these -passes too and report vssa's time with -realfuncs.passes over its time with these, for the entries whose assembly differs")
	keep        = flag.String("realfuncs.keep", "", "extract each entry into this directory (DIR/NAME, made afresh) and leave it there, to read its generated files or run its benchmarks by hand")
)

const (
	stdList     = "../../testdata/realfuncs/std.txt"
	modulesList = "../../testdata/realfuncs/modules.txt"
)

var (
	vssaOnce sync.Once
	vssaBin  string
	vssaErr  error
	tmpRoot  string
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if tmpRoot != "" {
		os.RemoveAll(tmpRoot)
	}
	os.Exit(code)
}

// runner builds the vssa command once per test process and returns a
// runner using it.
func runner(t *testing.T) *Runner {
	vssaOnce.Do(func() {
		if tmpRoot, vssaErr = os.MkdirTemp("", "realfuncs"); vssaErr != nil {
			return
		}
		vssaBin = filepath.Join(tmpRoot, "vssa")
		out, err := exec.Command("go", "build", "-o", vssaBin, "github.com/vssa-go/vssa/cmd/vssa").CombinedOutput()
		if err != nil {
			vssaErr = fmt.Errorf("building vssa: %v\n%s", err, out)
		}
	})
	if vssaErr != nil {
		t.Fatal(vssaErr)
	}
	r := toolchain(t)
	r.Vssa = vssaBin
	r.Passes = *passList
	return r
}

// toolchain returns a runner without the vssa command: the GOROOT and
// Go version of the go command.
func toolchain(t *testing.T) *Runner {
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	// go1.26.8 -> 1.26: the temporary modules speak the toolchain's Go.
	v := strings.TrimPrefix(tc.Version, "go")
	if parts := strings.SplitN(v, ".", 3); len(parts) >= 2 {
		v = parts[0] + "." + parts[1]
	}
	return &Runner{GOROOT: tc.GOROOT, GoVersion: v}
}

// long is VSSA_LONG=1, read by internal/testlong alone.
func long() bool { return testlong.Enabled() }

// TestStd checks that the functions of std.txt, taken as written from
// GOROOT, still do what the list records. All are compiled; with
// VSSA_LONG=1 all are vetted, tested and fuzzed, otherwise a seeded
// sample of those the list does not record as refused is vetted and
// tested.
func TestStd(t *testing.T) { checkList(t, stdList) }

// TestModules is TestStd on modules.txt, with -realfuncs.modules.
func TestModules(t *testing.T) {
	if !*withModules {
		t.Skip("needs -realfuncs.modules (downloads modules)")
	}
	checkList(t, modulesList)
}

func checkList(t *testing.T, list string) {
	if testing.Short() && !long() {
		t.Skip("-short: vssa compile and go test take seconds per function")
	}
	es, err := readList(t, list)
	if err != nil {
		t.Fatal(err)
	}
	r := runner(t)
	for i := range es {
		es[i].State = es[i].Want("go" + r.GoVersion)
	}
	tested := map[int]bool{}
	if long() {
		r.Fuzztime = *fuzztime
		for i := range es {
			tested[i] = true
		}
	} else {
		seed := *sampleSeed
		if seed == 0 {
			seed = uint64(time.Now().UnixNano())
		}
		var candidates []int
		for i, e := range es {
			if e.State.Kind != "refused" {
				candidates = append(candidates, i)
			}
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		rng.Shuffle(len(candidates), func(i, j int) { candidates[i], candidates[j] = candidates[j], candidates[i] })
		for _, i := range candidates[:min(*sampleSize, len(candidates))] {
			tested[i] = true
		}
		t.Logf("all compiled, %d tested: -realfuncs.seed=%d picks them (VSSA_LONG=1 tests and fuzzes all)", len(tested), seed)
	}
	for i, e := range es {
		t.Run(e.Name(), func(t *testing.T) {
			res, err := r.Run(e, entryDir(t, e, r.Passes), tested[i])
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s", res.State)
			if err := Check(e, res); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestBench, with -realfuncs.bench=N, compiles every entry (modules.txt
// too with -realfuncs.modules), builds the test binaries of those that
// compile and runs N interleaved rounds of their benchmarks, then prints
// the ratios. With -realfuncs.versus=PASSES, each entry is compiled with
// those passes too, and the entries whose assembly they change are
// timed against themselves, the two binaries of an entry one after the
// other in each round (RunVersus).
func TestBench(t *testing.T) {
	if *benchRounds <= 0 {
		t.Skip("needs -realfuncs.bench=ROUNDS")
	}
	lists := []string{stdList}
	if *withModules {
		lists = append(lists, modulesList)
	}
	r := runner(t)
	alt := *r
	alt.Passes = *versus
	var benches []Bench
	var pairs []Pair
	for _, list := range lists {
		es, err := readList(t, list)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			b, ok := compileBench(t, r, e)
			if !ok {
				continue
			}
			if *versus == "" {
				benches = append(benches, b)
				continue
			}
			a, ok := compileBench(t, &alt, e)
			if !ok {
				continue
			}
			same, err := sameAsm(b, a)
			if err != nil {
				t.Fatal(err)
			}
			if same {
				// The same code: a ratio would measure only noise.
				t.Logf("%s: the same assembly with -passes=%s", e.Name(), *versus)
				continue
			}
			pairs = append(pairs, Pair{Base: b, Alt: a})
		}
	}
	var sb strings.Builder
	if *versus != "" {
		t.Logf("%d entries whose assembly -passes=%s changes", len(pairs), *versus)
		ratios, err := RunVersus(pairs, *benchRounds, *benchtime, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		ratios.Report(&sb, "vssa time / its time with -passes="+*versus, "-passes="+*versus)
		t.Logf("rounds of -test.benchtime %s a function, gc and vssa in turns within each:\n%s", *benchtime, sb.String())
		return
	}
	ratios, err := RunRounds(benches, *benchRounds, *benchtime, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	ratios.Report(&sb, "gc time / vssa time", "gc")
	t.Logf("rounds of -test.benchtime %s a function, gc and vssa in turns within each:\n%s", *benchtime, sb.String())
}

// compileBench compiles e with r and builds its test binary; false (said
// in the log) if it does not compile or build.
func compileBench(t *testing.T, r *Runner, e Entry) (Bench, bool) {
	res, err := r.Run(e, entryDir(t, e, r.Passes), false)
	if err != nil {
		t.Error(err)
		return Bench{}, false
	}
	if res.State.Kind != "compiled" {
		t.Logf("%s: %s", e.Name(), res.State)
		return Bench{}, false
	}
	b, err := BuildBench(e, res.Dir)
	if err != nil {
		t.Logf("%s: build-fails: %s", e.Name(), firstLine(err.Error()))
		return Bench{}, false
	}
	return b, true
}

// sameAsm reports whether the two benches' packages have the same
// assembly file, vssa_amd64.s.
func sameAsm(a, b Bench) (bool, error) {
	x, err := os.ReadFile(filepath.Join(filepath.Dir(a.Binary), "vssa_amd64.s"))
	if err != nil {
		return false, err
	}
	y, err := os.ReadFile(filepath.Join(filepath.Dir(b.Binary), "vssa_amd64.s"))
	if err != nil {
		return false, err
	}
	return bytes.Equal(x, y), nil
}

// readList reads a list file, keeping the entries -realfuncs.only
// selects.
func readList(t *testing.T, list string) ([]Entry, error) {
	es, err := ReadList(list)
	if err != nil || *only == "" {
		return es, err
	}
	re, err := regexp.Compile(*only)
	if err != nil {
		return nil, fmt.Errorf("-realfuncs.only: %v", err)
	}
	var kept []Entry
	for _, e := range es {
		if re.MatchString(e.Name()) {
			kept = append(kept, e)
		}
	}
	t.Logf("%s: -realfuncs.only=%s keeps %d of %d entries", list, *only, len(kept), len(es))
	return kept, nil
}

// entryDir returns the empty directory to extract e into: a temporary
// one, or with -realfuncs.keep DIR/NAME, emptied first.
func entryDir(t *testing.T, e Entry, passes string) string {
	if *keep == "" {
		return t.TempDir()
	}
	dir := filepath.Join(*keep, ident(e.Name()))
	if passes != "" {
		// -realfuncs.versus: one directory per pipeline.
		dir += "-" + ident(passes)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: kept in %s", e.Name(), dir)
	return dir
}
