package bench

import (
	"testing"

	"github.com/google/pprof/profile"
)

// TestAttribute checks that a sample counts once for each root on its
// stack (closures of a root included), and never for a function whose
// name only starts like a root's.
func TestAttribute(t *testing.T) {
	fn := func(name string) *profile.Location {
		return &profile.Location{Line: []profile.Line{{Function: &profile.Function{Name: name}}}}
	}
	run, runClosure, runBraun, check := fn("p.Run"), fn("p.Run.func1"), fn("p.RunBraun"), fn("v.Check")
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples"}, {Type: "cpu"}},
		Sample: []*profile.Sample{
			{Location: []*profile.Location{run}, Value: []int64{1, 10}},
			{Location: []*profile.Location{runClosure, run}, Value: []int64{1, 100}}, // Run twice on the stack: once
			{Location: []*profile.Location{runBraun}, Value: []int64{1, 1000}},       // not Run
			{Location: []*profile.Location{check, run}, Value: []int64{1, 10000}},    // both roots
		},
	}
	got := attribute(p, "cpu", []string{"p.Run", "v.Check"})
	if got["p.Run"] != 10110 || got["v.Check"] != 10000 {
		t.Errorf("got %v, want p.Run 10110, v.Check 10000", got)
	}
	// A path counts the samples with all its functions on the stack.
	path := within("p.Run", "v.Check")
	got = attribute(p, "cpu", []string{path, within("p.RunBraun", "v.Check")})
	if got[path] != 10000 || len(got) != 1 {
		t.Errorf("paths: got %v, want %s 10000 and nothing else", got, path)
	}
	if got := attribute(p, "alloc_space", []string{"p.Run"}); len(got) != 0 {
		t.Errorf("missing sample type: got %v, want nothing", got)
	}
}
