package realfuncs

import (
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
	benchOnly   = flag.String("realfuncs.only", "", "TestBench: only the entries whose name matches this regular expression")
	asmDir      = flag.String("realfuncs.asm", "", "TestBench: copy each compiled entry's generated assembly into this directory (to compare frames and code)")
	sampleSize  = flag.Int("realfuncs.sample", 2, "without VSSA_LONG, how many entries of each list to compile and test")
	sampleSeed  = flag.Uint64("realfuncs.seed", 0, "seed of the sample (0: from the clock)")
	fuzztime    = flag.Duration("realfuncs.fuzztime", 20*time.Second, "with VSSA_LONG=1, how long to fuzz each compiled function")
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
	es, err := ReadList(list)
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
			res, err := r.Run(e, t.TempDir(), tested[i])
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
// the ratios.
func TestBench(t *testing.T) {
	if *benchRounds <= 0 {
		t.Skip("needs -realfuncs.bench=ROUNDS")
	}
	lists := []string{stdList}
	if *withModules {
		lists = append(lists, modulesList)
	}
	only, err := regexp.Compile(*benchOnly)
	if err != nil {
		t.Fatal(err)
	}
	r := runner(t)
	var benches []Bench
	for _, list := range lists {
		es, err := ReadList(list)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if !only.MatchString(e.Name()) {
				continue
			}
			res, err := r.Run(e, t.TempDir(), false)
			if err != nil {
				t.Error(err)
				continue
			}
			if res.State.Kind != "compiled" {
				t.Logf("%s: %s", e.Name(), res.State)
				continue
			}
			if *asmDir != "" {
				if err := keepAsm(res.Dir, *asmDir, e.Name()); err != nil {
					t.Fatal(err)
				}
			}
			b, err := BuildBench(e, res.Dir)
			if err != nil {
				t.Logf("%s: build-fails: %s", e.Name(), firstLine(err.Error()))
				continue
			}
			benches = append(benches, b)
		}
	}
	ratios, err := RunRounds(benches, *benchRounds, *benchtime, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	ratios.Report(&sb)
	t.Logf("interleaved rounds, -test.benchtime %s each side:\n%s", *benchtime, sb.String())
}

// keepAsm copies the assembly files of the package in dir into
// dst/NAME.s, and the package into dst/NAME/, NAME the entry's name
// made a file name: to build it again with another version's assembly.
func keepAsm(dir, dst, name string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.s"))
	if err != nil {
		return err
	}
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		all = append(all, b...)
	}
	if err := os.MkdirAll(dst, 0o777); err != nil {
		return err
	}
	base := filepath.Join(dst, strings.NewReplacer("/", "_", " ", "_", ",", "_").Replace(name))
	if err := os.CopyFS(base, os.DirFS(dir)); err != nil {
		return err
	}
	return os.WriteFile(base+".s", all, 0o666)
}
