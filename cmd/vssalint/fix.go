package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
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
	Posn           string            `json:"posn"`
	Message        string            `json:"message"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
	Related        []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// printUnfixed prints, from the multichecker's -json output, the
// reports that -fix did not fix (those left once its fixes are written;
// with diffOnly, where nothing was written, those without a fix) and
// the analyses that failed, as the text output would, and returns how
// many it printed.
func printUnfixed(w io.Writer, data []byte, diffOnly bool) (int, error) {
	// The output is one JSON object: package → analyzer → reports or
	// {"error": …}.
	var tree map[string]map[string]json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&tree); err != nil && len(bytes.TrimSpace(data)) > 0 {
		return 0, fmt.Errorf("reading the reports left: %v", err)
	}
	var lines []string
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var failed struct {
				Err string `json:"error"`
			}
			if json.Unmarshal(raw, &failed) == nil && failed.Err != "" {
				lines = append(lines, fmt.Sprintf("%s: %s: %s\n", pkg, name, failed.Err))
				continue
			}
			var diags []jsonDiag
			if err := json.Unmarshal(raw, &diags); err != nil {
				return 0, fmt.Errorf("reading the reports left: %v", err)
			}
			for _, d := range diags {
				if diffOnly && len(d.SuggestedFixes) > 0 {
					continue
				}
				s := fmt.Sprintf("%s: %s\n", d.Posn, d.Message)
				for _, r := range d.Related {
					s += fmt.Sprintf("%s: \t%s\n", r.Posn, r.Message)
				}
				lines = append(lines, s)
			}
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprint(w, l)
	}
	return len(lines), nil
}

// fixAndList runs the multichecker with -fix, then again with -json to
// print what is left: go/analysis drivers print nothing with -fix, and
// a run that left reports must not look clean (exit status 1).
func fixAndList(args, env []string, diff bool) int {
	if status := runChecker(args, env, os.Stdout); status != 0 && status != 3 {
		return status
	}
	var out bytes.Buffer
	if status := runChecker(withoutFix(args), env, &out); status != 0 {
		os.Stdout.Write(out.Bytes())
		return status
	}
	n, err := printUnfixed(os.Stderr, out.Bytes(), diff)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		return 1
	}
	if n > 0 {
		fmt.Fprintf(os.Stderr, "vssalint: %d reports left without a fix\n", n)
		return 1
	}
	return 0
}
