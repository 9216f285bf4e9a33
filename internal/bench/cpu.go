package bench

import (
	"bytes"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/google/pprof/profile"
)

// cpuOf runs fn under the CPU profiler and returns, for each root, the
// CPU time of the samples whose stack contains a function of that name
// (so background work of the garbage collector is left out; allocation
// assists are in). Roots are full function names, e.g.
// "golang.org/x/tools/go/ssa.lift".
func cpuOf(fn func(), roots ...string) (map[string]time.Duration, error) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return nil, err
	}
	fn()
	pprof.StopCPUProfile()
	p, err := profile.Parse(&buf)
	if err != nil {
		return nil, err
	}
	cpu := -1 // index of the cpu nanoseconds sample value
	for i, st := range p.SampleType {
		if st.Type == "cpu" {
			cpu = i
		}
	}
	out := map[string]time.Duration{}
	if cpu < 0 {
		return out, nil
	}
	for _, s := range p.Sample {
		seen := map[string]bool{}
		for _, loc := range s.Location {
			for _, line := range loc.Line {
				if line.Function == nil {
					continue
				}
				for _, r := range roots {
					if !seen[r] && (line.Function.Name == r || strings.HasPrefix(line.Function.Name, r+".func")) {
						seen[r] = true
						out[r] += time.Duration(s.Value[cpu])
					}
				}
			}
		}
	}
	return out, nil
}
