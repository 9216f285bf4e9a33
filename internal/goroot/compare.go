// This file compares the interpreted run of a program with the real one.

package goroot

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// exitStatusLine matches the line "go run" adds when a program fails.
var exitStatusLine = regexp.MustCompile(`^exit status -?[0-9]+$`)

// NormalizeStderr returns the part of a program's standard error that
// must match between the real and the interpreted run. Lines are
// processed in order:
//
//  1. the output is cut before the first line that starts with
//     "goroutine " and follows an empty line (the goroutine dump of a
//     panic or fatal error, whose frames, addresses and goroutine ids
//     the interpreter cannot reproduce);
//  2. lines starting with "[signal " (the signal description printed
//     after a nil dereference or other fault) are dropped;
//  3. lines that are exactly "exit status N" are dropped;
//  4. trailing white space is removed from every line, and trailing
//     empty lines from the result.
//
// A line counts as empty in rule 1 when it holds only white space.
func NormalizeStderr(stderr []byte) string {
	lines := strings.Split(string(stderr), "\n")
	var keep []string
	for i, line := range lines {
		line = strings.TrimRight(line, " \t\r")
		if i > 0 && strings.HasPrefix(line, "goroutine ") && strings.TrimSpace(lines[i-1]) == "" {
			break
		}
		if strings.HasPrefix(line, "[signal ") || exitStatusLine.MatchString(line) {
			continue
		}
		keep = append(keep, line)
	}
	return strings.TrimRight(strings.Join(keep, "\n"), "\n")
}

// Compare returns why the interpreted output got differs from the
// expected output want, or "" if they agree: stdout must be identical,
// the exit codes equal, and stderr equal after NormalizeStderr. The
// reason names each part that differs, in the order stdout, stderr,
// exit status, separated by "; ". For stdout and stderr it quotes the
// first differing line of each side (EOF when a side has no such line),
// each cut to maxQuoted characters.
func Compare(want, got Output) string {
	var diffs []string
	if d := diffLines("stdout", string(want.Stdout), string(got.Stdout)); d != "" {
		diffs = append(diffs, d)
	}
	if d := diffLines("stderr", NormalizeStderr(want.Stderr), NormalizeStderr(got.Stderr)); d != "" {
		diffs = append(diffs, d)
	}
	if want.ExitCode != got.ExitCode {
		diffs = append(diffs, fmt.Sprintf("exit status %d, want %d", got.ExitCode, want.ExitCode))
	}
	return strings.Join(diffs, "; ")
}

// maxQuoted is the length to which a quoted line in a reason is cut.
const maxQuoted = 100

// diffLines returns "" if want == got, otherwise the first line where
// they differ: `stdout line 3: got "x", want "y"`. Lines end after a
// newline; a line is shown without its newline unless that is the only
// difference.
func diffLines(what, want, got string) string {
	if want == got {
		return ""
	}
	w, g := splitLines(want), splitLines(got)
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	gl, wl := lineAt(g, i, false), lineAt(w, i, false)
	if gl == wl {
		gl, wl = lineAt(g, i, true), lineAt(w, i, true)
	}
	return fmt.Sprintf("%s line %d: got %s, want %s", what, i+1, gl, wl)
}

// splitLines splits s after each newline; "" has no lines.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineAt returns lines[i] quoted and cut to maxQuoted characters, without
// its newline unless keepNewline is set, or EOF if there is no such line.
func lineAt(lines []string, i int, keepNewline bool) string {
	if i >= len(lines) {
		return "EOF"
	}
	line := lines[i]
	if !keepNewline {
		line = strings.TrimSuffix(line, "\n")
	}
	return fmt.Sprintf("%q", truncate(line, maxQuoted))
}

// truncate cuts s to at most n runes, marking a cut with "...".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "..."
}
