package vssair

import (
	"flag"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// tri is an analyzer's enabling flag as x/tools' drivers make it: Get
// is true only when set true, String "false" only when set false.
type tri int

func (t *tri) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if b {
		*t = 1
	} else {
		*t = 2
	}
	return err
}
func (t *tri) String() string   { return strconv.FormatBool(*t != 2) }
func (t *tri) Get() any         { return *t == 1 }
func (t *tri) IsBoolFlag() bool { return true }

// TestEnabledUsers: the users a driver runs, by its -NAME flags: all
// but those set false; only those set true if any is; unknown (-1)
// when a user has no such flag.
func TestEnabledUsers(t *testing.T) {
	users := []*analysis.Analyzer{{Name: "nilness"}, {Name: "cond"}, {Name: "bce"}}
	for _, c := range []struct {
		args []string
		want int
	}{
		{nil, 3},
		{[]string{"-bce=false"}, 2},
		{[]string{"-bce=false", "-cond=false"}, 1},
		{[]string{"-bce"}, 1},
		{[]string{"-bce", "-nilness=true", "-cond=false"}, 2},
		{[]string{"-vssair"}, 0}, // vssair alone
	} {
		fs := flag.NewFlagSet("driver", flag.ContinueOnError)
		for _, a := range append(users, Analyzer) {
			fs.Var(new(tri), a.Name, "")
		}
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if got := enabledUsers(fs, users); got != c.want {
			t.Errorf("%v: %d users, want %d", c.args, got, c.want)
		}
	}
	fs := flag.NewFlagSet("other", flag.ContinueOnError)
	if got := enabledUsers(fs, users); got != -1 {
		t.Errorf("without the drivers' flags: %d users, want -1", got)
	}
}

// TestReleaseRebuild: the comparisons are found at the first Complete
// only (not on a package analysed for its facts alone); once its users
// are done, a Result releases its functions; a later Complete builds
// the same functions again, with the contracts the package exported
// (example.com/lib's, its own).
func TestReleaseRebuild(t *testing.T) {
	ran := 0
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "completes, releases and completes again",
		Requires: []*analysis.Analyzer{Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ran++
			res := pass.ResultOf[Analyzer].(*Result)
			if res.FactsOnly {
				t.Errorf("%s: a facts-only result where the driver wants diagnostics", pass.Pkg.Path())
			}
			res.users = 1
			if res.Comparisons != nil {
				t.Errorf("%s: comparisons found before any analyzer asked", pass.Pkg.Path())
			}
			if err := res.Complete(); err != nil {
				return nil, err
			}
			if len(res.Comparisons) == 0 {
				t.Errorf("%s: no comparisons found", pass.Pkg.Path())
			}
			first := summary(res.Funcs())
			res.Done()
			if res.Funcs() != nil {
				t.Errorf("%s: functions kept after their only user was done", pass.Pkg.Path())
			}
			if err := res.Complete(); err != nil {
				return nil, err
			}
			if again := summary(res.Funcs()); len(first) == 0 || !reflect.DeepEqual(again, first) {
				t.Errorf("%s: built again %v, want %v", pass.Pkg.Path(), again, first)
			}
			res.Done()
			return nil, nil
		},
	}
	dir, err := filepath.Abs(filepath.Join("..", "nilness", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	// The testdata's expectations are nilness's: only whether the
	// functions built again are the same counts here.
	analysistest.Run(quiet{}, dir, user, "example.com/lib", "example.com/use")
	if ran != 2 {
		t.Errorf("ran on %d packages, want 2", ran)
	}
}

// summary lists each function with its forms' contracts and removed
// checks.
func summary(fns []*Func) []string {
	var s []string
	for _, f := range fns {
		for _, form := range f.Forms {
			line := f.SSA.String() + " blocks " + strconv.Itoa(len(form.IR.Blocks))
			if form.Checks != nil {
				line += " removed " + strconv.Itoa(len(form.Checks.Removed)) + " decided " + strconv.Itoa(len(form.Checks.Decided))
			}
			for name := range form.Contracts {
				line += " assumes " + name
			}
			s = append(s, line)
		}
	}
	return s
}

// quiet is an analysistest.Testing that ignores the expectations'
// failures.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// TestBuiltBounded: however many packages' analyzers the driver runs
// at once, no more packages than building's tokens hold built
// functions at a time (x/tools' checker runs them all together, and
// each package's forms lived to its last user's Done).
func TestBuiltBounded(t *testing.T) {
	defer func(b chan struct{}) { building = b }(building)
	building = make(chan struct{}, 1)
	var mu sync.Mutex
	held, most, ran := 0, 0, 0
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "completes, waits and releases",
		Requires: []*analysis.Analyzer{Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[Analyzer].(*Result)
			res.users = 1
			defer res.Done()
			if err := res.Complete(); err != nil {
				return nil, err
			}
			mu.Lock()
			held++
			most = max(most, held)
			ran++
			mu.Unlock()
			// Long enough for the other packages' runs to start.
			time.Sleep(50 * time.Millisecond)
			mu.Lock()
			held--
			mu.Unlock()
			return nil, nil
		},
	}
	pkgs := []string{"a", "gated", "noret", "example.com/lib", "example.com/use"}
	analysistest.Run(quiet{}, testdata(t), user, pkgs...)
	if ran != len(pkgs) {
		t.Fatalf("ran on %d packages, want %d", ran, len(pkgs))
	}
	if most > cap(building) {
		t.Errorf("%d packages held built functions at once, want at most %d", most, cap(building))
	}
}

// TestDerivationBounded: deriving a package's contracts, which holds
// its SSA and IR, takes one of building's tokens too.
func TestDerivationBounded(t *testing.T) {
	mostHeld.Store(0)
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "reads nothing",
		Requires: []*analysis.Analyzer{Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return nil, nil },
	}
	analysistest.Run(quiet{}, testdata(t), user, "example.com/use")
	if mostHeld.Load() == 0 {
		t.Error("contracts derived without a token")
	}
}

// testdata is nilness's test data, whose packages have functions of
// every kind.
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "nilness", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
