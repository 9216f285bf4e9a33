package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
)

// fixFlags reports whether the arguments ask for -fix, and for -diff
// (which shows the fixes instead of writing them).
func fixFlags(args []string) (fix, diff bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || hasValue && value != "true" && value != "1" && value != "t" && value != "T" && value != "TRUE" && value != "True" {
			continue
		}
		switch name {
		case "fix":
			fix = true
		case "diff":
			diff = true
		}
	}
	return fix, diff
}

// withoutFix returns the arguments with -fix and -diff replaced by
// -json: the run that lists what -fix left.
func withoutFix(args []string) []string {
	out := []string{"-json"}
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "fix" || name == "diff" || name == "json") {
			continue
		}
		out = append(out, a)
	}
	return out
}

// A jsonDiag is a report as the multichecker's -json prints it.
type jsonDiag struct {
	Posn           string `json:"posn"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Edits []jsonEdit `json:"edits"`
	} `json:"suggested_fixes"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// A jsonEdit replaces bytes [Start, End) of a file by New.
type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// A report is one of the multichecker's reports, or an analysis that
// failed (failed holds its text).
type report struct {
	diag   jsonDiag
	failed string
}

// readReports reads the multichecker's -json output: one JSON object,
// package → analyzer → reports or {"error": …}.
func readReports(data []byte) ([]report, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&tree); err != nil && len(bytes.TrimSpace(data)) > 0 {
		return nil, fmt.Errorf("reading the reports: %v", err)
	}
	var out []report
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var failed struct {
				Err string `json:"error"`
			}
			if json.Unmarshal(raw, &failed) == nil && failed.Err != "" {
				out = append(out, report{failed: fmt.Sprintf("%s: %s: %s", pkg, name, failed.Err)})
				continue
			}
			var diags []jsonDiag
			if err := json.Unmarshal(raw, &diags); err != nil {
				return nil, fmt.Errorf("reading the reports: %v", err)
			}
			for _, d := range diags {
				out = append(out, report{diag: d})
			}
		}
	}
	return out, nil
}

// text is the report as the text output prints it.
func (r report) text() string {
	if r.failed != "" {
		return r.failed + "\n"
	}
	s := fmt.Sprintf("%s: %s\n", r.diag.Posn, r.diag.Message)
	for _, rel := range r.diag.Related {
		s += fmt.Sprintf("%s: \t%s\n", rel.Posn, rel.Message)
	}
	return s
}

// applyFixes writes the first suggested fix of each report, whole or
// not at all: one whose edits overlap those of a fix already taken
// (other than the same edit, which reports sharing a hint carry) is
// left. It returns which reports it fixed.
func applyFixes(reports []report) (map[int]bool, error) {
	taken := map[string][]jsonEdit{} // by file
	fixed := map[int]bool{}
	for i, r := range reports {
		if len(r.diag.SuggestedFixes) == 0 {
			continue
		}
		edits := r.diag.SuggestedFixes[0].Edits
		ok := len(edits) > 0
		for _, e := range edits {
			for _, t := range taken[e.Filename] {
				if conflict(e, t) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		fixed[i] = true
		for _, e := range edits {
			if !slices.Contains(taken[e.Filename], e) {
				taken[e.Filename] = append(taken[e.Filename], e)
			}
		}
	}
	for name, edits := range taken {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		// Last first, so that each edit's offsets still hold; at one
		// offset, a replacement before an insertion there.
		sort.Slice(edits, func(i, j int) bool {
			if edits[i].Start != edits[j].Start {
				return edits[i].Start > edits[j].Start
			}
			return edits[i].End > edits[j].End
		})
		for _, e := range edits {
			if e.Start < 0 || e.Start > e.End || e.End > len(data) {
				return nil, fmt.Errorf("%s: an edit [%d, %d) outside the file", name, e.Start, e.End)
			}
			data = slices.Concat(data[:e.Start], []byte(e.New), data[e.End:])
		}
		info, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(name, data, info.Mode().Perm()); err != nil {
			return nil, err
		}
	}
	return fixed, nil
}

// conflict reports whether two edits of a file cannot both be made:
// they overlap, or insert different text at one offset (in which
// order?). The same edit twice is made once.
func conflict(e, t jsonEdit) bool {
	switch {
	case e == t:
		return false
	case e.Start == e.End && t.Start == t.End:
		return e.Start == t.Start
	}
	return e.Start < t.End && t.Start < e.End
}

// fixAndList runs the multichecker once with -json, writes the
// suggested fixes and prints the reports it did not fix: go/analysis
// drivers print nothing with -fix, and a run that left reports must not
// look clean (exit status 1). With -diff, which shows the fixes instead
// of writing them, the multichecker's -fix does that, and a second run
// lists the reports without a fix.
func fixAndList(args, env []string, diff bool) int {
	if diff {
		if status := runChecker(args, env, os.Stdout); status != 0 && status != 3 {
			return status
		}
	}
	var out bytes.Buffer
	if status := runChecker(withoutFix(args), env, &out); status != 0 {
		os.Stdout.Write(out.Bytes())
		return status
	}
	reports, err := readReports(out.Bytes())
	if err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		return 1
	}
	fixed := map[int]bool{}
	for i, r := range reports {
		fixed[i] = diff && len(r.diag.SuggestedFixes) > 0 // shown as a diff
	}
	if !diff {
		if fixed, err = applyFixes(reports); err != nil {
			fmt.Fprintln(os.Stderr, "vssalint: writing the fixes:", err)
			return 1
		}
	}
	var lines []string
	for i, r := range reports {
		if !fixed[i] {
			lines = append(lines, r.text())
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprint(os.Stderr, l)
	}
	if len(lines) > 0 {
		fmt.Fprintf(os.Stderr, "vssalint: %d reports left without a fix\n", len(lines))
		return 1
	}
	return 0
}
