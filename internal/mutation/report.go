// This file counts a suite's mutants and prints the counts.

package mutation

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

// Results are the counts and problems of one evaluation of a suite.
type Results struct {
	Pass     string
	Kinds    map[string]*KindStats
	Builders []string       // the builders' names, in the suite's order
	Honest   map[string]int // honest results checked, per builder
	Runs     int64          // interpreted runs
	Skipped  []string       // programs unsuitable for in-process runs, and why
	Problems []string       // what makes the suite fail
	Elapsed  time.Duration
}

// KindStats counts the mutants of one kind.
type KindStats struct {
	Generated  int
	Rejected   int
	Equivalent int // accepted, and the program behaves the same
	Different  int // accepted, and the program behaves differently: a problem
	Crashed    int // the validator panicked: a problem

	Executed               int            // equivalent mutants of functions the program is seen to call
	Sampled, SampledDiffer int            // rejected mutants run, and those that behaved differently
	Rules                  map[string]int // rejections by validator/rule
}

// Report formats the counts of the kinds, in the given order.
func (r *Results) Report(kinds []string) string {
	var sb strings.Builder
	var builders []string
	for _, b := range r.Builders {
		builders = append(builders, fmt.Sprintf("%s %d", b, r.Honest[b]))
	}
	fmt.Fprintf(&sb, "%s validator mutation suite: honest results (functions, by builder: %s), %d interpreted runs, %v\n",
		r.Pass, strings.Join(builders, " and "), r.Runs, r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(&sb, "%-24s %9s %9s %10s %7s %9s  %s\n", "kind", "generated", "rejected", "equivalent", "(exec)", "rej.run", "rejected by (validator/rule)")
	var tot KindStats
	for _, k := range kinds {
		st := r.Kinds[k]
		fmt.Fprintf(&sb, "%-24s %9d %9d %10d %7d %9s  %s\n", k, st.Generated, st.Rejected, st.Equivalent, st.Executed,
			fmt.Sprintf("%d/%d", st.SampledDiffer, st.Sampled), topRules(st.Rules, 3))
		tot.Generated += st.Generated
		tot.Rejected += st.Rejected
		tot.Equivalent += st.Equivalent
		tot.Executed += st.Executed
		tot.Different += st.Different
		tot.Sampled += st.Sampled
		tot.SampledDiffer += st.SampledDiffer
	}
	fmt.Fprintf(&sb, "%-24s %9d %9d %10d %7d %9s\n", "total", tot.Generated, tot.Rejected, tot.Equivalent, tot.Executed,
		fmt.Sprintf("%d/%d", tot.SampledDiffer, tot.Sampled))
	if tot.Different > 0 {
		fmt.Fprintf(&sb, "accepted with a different behaviour: %d\n", tot.Different)
	}
	sb.WriteString("(exec): equivalent mutants in functions the program is seen to call\n")
	sb.WriteString("rej.run: sampled rejected mutants (well-formed, in called functions) whose run differs / run\n")
	return sb.String()
}

// topRules lists the most frequent rejection rules.
func topRules(rules map[string]int, n int) string {
	names := slices.Collect(maps.Keys(rules))
	sort.Slice(names, func(i, j int) bool {
		if rules[names[i]] != rules[names[j]] {
			return rules[names[i]] > rules[names[j]]
		}
		return names[i] < names[j]
	})
	var parts []string
	for i, name := range names {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, rules[name]))
	}
	return strings.Join(parts, ", ")
}
