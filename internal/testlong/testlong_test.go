package testlong

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPick: k distinct indexes below n, increasing, the same for the
// same seed, and samples of different seeds that differ (the point of a
// seed that changes per run).
func TestPick(t *testing.T) {
	const n, k = 79, 8
	seen := map[string]bool{}
	for seed := range uint64(20) {
		idx := Pick(n, k, seed)
		if len(idx) != k || !slices.IsSorted(idx) || idx[0] < 0 || idx[k-1] >= n || len(slices.Compact(slices.Clone(idx))) != k {
			t.Fatalf("Pick(%d, %d, %d) = %v, want %d distinct increasing indexes below %d", n, k, seed, idx, k, n)
		}
		if again := Pick(n, k, seed); !slices.Equal(idx, again) {
			t.Errorf("Pick(%d, %d, %d) = %v, then %v", n, k, seed, idx, again)
		}
		seen[fmt.Sprint(idx)] = true
	}
	if len(seen) < 10 {
		t.Errorf("20 seeds give %d different samples", len(seen))
	}
	if all := Pick(5, 9, 3); !slices.Equal(all, []int{0, 1, 2, 3, 4}) {
		t.Errorf("Pick(5, 9, 3) = %v, want all of 0 … 4", all)
	}
}

func TestPickNames(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f"}
	got := PickNames(names, 3, 7)
	var want []string
	for _, i := range Pick(len(names), 3, 7) {
		want = append(want, names[i])
	}
	if !slices.Equal(got, want) {
		t.Errorf("PickNames = %v, want %v", got, want)
	}
}

// TestSize: the sample by default, everything with VSSA_LONG=1 and only
// then.
func TestSize(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int
	}{{"", 3}, {"0", 3}, {"true", 3}, {"1", 10}} {
		t.Setenv(Var, c.env)
		if got := Size(3, 10); got != c.want {
			t.Errorf("%s=%q: Size(3, 10) = %d, want %d", Var, c.env, got, c.want)
		}
	}
	t.Setenv(Var, "")
	if got := Size(30, 10); got != 10 {
		t.Errorf("Size(30, 10) = %d, want 10", got)
	}
}

// TestSeed: from the clock by default (two calls differ), the flag's
// value with VSSA_LONG=1.
func TestSeed(t *testing.T) {
	t.Setenv(Var, "")
	a, b := Seed(t, "testlong.unset", 1), Seed(t, "testlong.unset", 1)
	if a == b || a == 1 {
		t.Errorf("seeds from the clock: %d then %d (flag value 1)", a, b)
	}
	t.Setenv(Var, "1")
	if got := Seed(t, "testlong.unset", 42); got != 42 {
		t.Errorf("VSSA_LONG=1: Seed = %d, want the flag's value 42", got)
	}
	if FlagSet("testlong.unset") {
		t.Errorf("FlagSet of a flag never given")
	}
}

func TestRunPattern(t *testing.T) {
	if got, want := runPattern("TestA/b.go"), `^TestA$/^b\.go$`; got != want {
		t.Errorf("runPattern = %q, want %q", got, want)
	}
}

// TestGOROOTTest: the directory when it is there, a skip when not.
func TestGOROOTTest(t *testing.T) {
	root := t.TempDir()
	t.Run("absent", func(t *testing.T) {
		GOROOTTest(t, root)
		t.Errorf("GOROOTTest did not skip without %s/test", root)
	})
	if err := os.Mkdir(filepath.Join(root, "test"), 0o777); err != nil {
		t.Fatal(err)
	}
	if got := GOROOTTest(t, root); got != filepath.Join(root, "test") {
		t.Errorf("GOROOTTest = %q, want %s/test", got, root)
	}
}
