package labelled

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
)

// A label is what a corpus line says a report on it would be.
type label struct {
	report bool // a report here is true; else it is false
	why    string
}

var labelRE = regexp.MustCompile(`// label: (report|quiet)\b(.*)$`)

// labels reads the labels of the files in dir, by "file:line".
func labels(t *testing.T, dir string) map[string]label {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]label{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		data, err := os.ReadFile(dir + "/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := labelRE.FindStringSubmatch(line); m != nil {
				why := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(m[2]), "("), ")")
				out[fmt.Sprintf("%s:%d", e.Name(), i+1)] = label{m[1] == "report", why}
			}
		}
	}
	return out
}

// A score is an analyzer's result on its corpus.
type score struct {
	found, falses, missed, quiet int
}

func (s score) precision() string { return ratio(s.found, s.found+s.falses) }
func (s score) recall() string    { return ratio(s.found, s.found+s.missed) }

func ratio(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d = %.2f", a, b, float64(a)/float64(b))
}

// silent takes analysistest's complaints about // want comments, which
// the corpus does not have: the labels say what is expected.
type silent struct{}

func (silent) Errorf(string, ...any) {}

func measure(t *testing.T, a *analysis.Analyzer) score {
	dir := analysistest.TestData() + "/src/" + a.Name
	want := labels(t, dir)
	reported := map[string]bool{}
	for _, r := range analysistest.Run(silent{}, analysistest.TestData(), a, a.Name) {
		if r.Err != nil {
			t.Fatalf("%s: %v", a.Name, r.Err)
		}
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			at := fmt.Sprintf("%s:%d", p.Filename[strings.LastIndexByte(p.Filename, '/')+1:], p.Line)
			if reported[at] {
				continue // one finding per line
			}
			reported[at] = true
			l, ok := want[at]
			switch {
			case !ok:
				t.Errorf("%s: %s: unlabelled report: %s", a.Name, at, d.Message)
			case !l.report:
				t.Logf("%s: %s: false report (%s): %s", a.Name, at, l.why, d.Message)
			}
		}
	}
	var s score
	var missed []string
	for at, l := range want {
		switch {
		case l.report && reported[at]:
			s.found++
		case l.report:
			s.missed++
			missed = append(missed, at+" ("+l.why+")")
		case reported[at]:
			s.falses++
		default:
			s.quiet++
		}
	}
	sort.Strings(missed)
	for _, m := range missed {
		t.Logf("%s: missed %s", a.Name, m)
	}
	return s
}

// TestPrecisionRecall measures each analyzer on its labelled corpus and
// checks docs/precision.md's table against the measure.
func TestPrecisionRecall(t *testing.T) {
	doc, err := os.ReadFile("../../docs/precision.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []*analysis.Analyzer{nilness.Analyzer, cond.Analyzer, bce.Analyzer} {
		s := measure(t, a)
		row := fmt.Sprintf("| %s | %d | %d | %d | %d | %s | %s |", a.Name, s.found, s.falses, s.missed, s.quiet, s.precision(), s.recall())
		t.Log(row)
		if !strings.Contains(string(doc), row+"\n") {
			t.Errorf("docs/precision.md lacks the row\n%s", row)
		}
	}
}
