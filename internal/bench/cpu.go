package bench

import (
	"bytes"
	"runtime"
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
	out := map[string]time.Duration{}
	for r, v := range attribute(p, "cpu", roots) {
		out[r] = time.Duration(v)
	}
	return out, nil
}

// measure runs fn under the CPU profiler and returns, for each root,
// its CPU time (cpuOf) and the bytes allocated under it, from the heap
// profile's sampled allocations (one sample per 512 KiB by default,
// enough for the hundreds of megabytes measured here).
func measure(fn func(), roots ...string) (map[string]time.Duration, map[string]int64, error) {
	before, err := allocsSoFar(roots)
	if err != nil {
		return nil, nil, err
	}
	cpu, err := cpuOf(fn, roots...)
	if err != nil {
		return nil, nil, err
	}
	after, err := allocsSoFar(roots)
	if err != nil {
		return nil, nil, err
	}
	for r := range after {
		after[r] -= before[r]
	}
	return cpu, after, nil
}

// allocsSoFar returns the bytes allocated under each root since the
// program started.
func allocsSoFar(roots []string) (map[string]int64, error) {
	runtime.GC() // the profile is as of the last collection
	var buf bytes.Buffer
	if err := pprof.Lookup("allocs").WriteTo(&buf, 0); err != nil {
		return nil, err
	}
	p, err := profile.Parse(&buf)
	if err != nil {
		return nil, err
	}
	return attribute(p, "alloc_space", roots), nil
}

// attribute sums the sample values of the given type whose stack
// contains a function of each root's name (or a closure inside it). A
// root may name a path, functions separated by " > " (see within): its
// samples are those whose stack contains every function of the path.
func attribute(p *profile.Profile, sampleType string, roots []string) map[string]int64 {
	out := map[string]int64{}
	k := -1
	for i, st := range p.SampleType {
		if st.Type == sampleType {
			k = i
		}
	}
	if k < 0 {
		return out
	}
	paths := make([][]string, len(roots))
	for i, r := range roots {
		paths[i] = strings.Split(r, pathSep)
	}
	for _, s := range p.Sample {
		seen := map[string]bool{} // the functions of the roots on this stack
		for _, loc := range s.Location {
			for _, line := range loc.Line {
				if line.Function == nil {
					continue
				}
				for _, path := range paths {
					for _, fn := range path {
						if line.Function.Name == fn || strings.HasPrefix(line.Function.Name, fn+".func") {
							seen[fn] = true
						}
					}
				}
			}
		}
		for i, path := range paths {
			all := true
			for _, fn := range path {
				all = all && seen[fn]
			}
			if all {
				out[roots[i]] += s.Value[k]
			}
		}
	}
	return out
}

// pathSep separates the functions of a root that names a path.
const pathSep = " > "

// within is the root of the samples with both root and fn on the stack:
// the time of fn under root. (The order on the stack is not checked;
// the paths measured name functions that only the first calls.)
func within(root, fn string) string { return root + pathSep + fn }
