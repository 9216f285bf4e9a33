// This file scores an analyzer on a labelled set.

package wantscore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Result is an analyzer's score on one package.
type Result struct {
	Total, Found   int
	FalsePositives []string // reports no expectation asked for
	Missed, Errors []string // expectations not met; failures to load or analyse
}

func (r Result) String() string {
	return fmt.Sprintf("found %d/%d, %d false positives", r.Found, r.Total, len(r.FalsePositives))
}

// Score runs a on package pkg of analysistest's testdata directory.
func Score(a *analysis.Analyzer, pkg string) (Result, error) {
	dir := analysistest.TestData()
	files, err := filepath.Glob(filepath.Join(dir, "src", pkg, "*.go"))
	if err != nil {
		return Result{}, err
	}
	var r Result
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			return Result{}, err
		}
		r.Total += strings.Count(string(text), "// want `")
	}
	rec := &recorder{}
	analysistest.Run(rec, dir, a, pkg)
	for _, m := range rec.msgs {
		switch {
		case strings.Contains(m, ": unexpected diagnostic: "), strings.Contains(m, "does not match pattern"):
			r.FalsePositives = append(r.FalsePositives, m)
		case strings.Contains(m, "no diagnostic was reported matching"):
			r.Missed = append(r.Missed, m)
		default:
			r.Errors = append(r.Errors, m)
		}
	}
	r.Found = r.Total - len(r.Missed)
	return r, nil
}

// recorder is an analysistest.Testing that keeps the failures.
type recorder struct {
	mu   sync.Mutex
	msgs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}
