package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checksProgram is an errorcheck file in gc's manner: a function
// declared without a body (gc's build fails, the type checker does
// not), and expectations in ERROR comments (every quoted string is a
// pattern, the rest commentary). gc removes the nil checks of lines 12
// (vssa too: the branch's condition), 15 (vssa too: after 14's), 23 and
// 26 (a pattern about a nil check where vssa makes none); it keeps 14's
// and 20's (vssa too) and 21's, which vssa removes after 20's.
const checksProgram = `// errorcheck -0 -d=nil

package p

type T struct{ n int }

func ext() *T

func f(p *T, q *T, d int) int {
	s := 0
	if q != nil {
		s += q.n // ERROR "removed nil check"
	}
	s += p.n // ERROR "generated nil check"
	s += p.n // ERROR "removed nil check" except on ARM, where the removed nil check …
	return s / d
}

func g(p *T, d int) int {
	s := p.n // ERROR "generated nil check"
	s += p.n // ERROR "generated nil check"
	if d != 0 {
		s /= d // ERROR "removed nil check"
	}
	_ = ext()
	return s / 3 // ERROR "removed nil check"
}
`

func TestChecksCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(checksProgram), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := runMain([]string{"checks", "-gc", file}, &stdout, &stderr); status != exitOK {
		t.Fatalf("vssa checks -gc: status %d, stderr %q", status, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"lines where gc removes a check and vssa keeps it:\nlines where vssa removes a check gc keeps:\n",
		"p.go:21: gc keeps 1 nilcheck, vssa leaves 0 of 1\n",
		"gc: 4 removed; vssa: 4 of them (100%), plus 1 more\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("vssa checks -gc: output lacks %q:\n%s", want, out)
		}
	}
	stdout.Reset()
	if status := runMain([]string{"checks", file}, &stdout, &stderr); status != exitOK {
		t.Fatalf("vssa checks: status %d, stderr %q", status, stderr.String())
	}
	for _, want := range []string{"p.go:12: nilcheck 1→0\n", "p.go:14: nilcheck 1→1\n", "p.go:15: nilcheck 1→0\n", "p.go:16: divcheck 1→1\n",
		"p.go:21: nilcheck 1→0\n", "p.go:23: divcheck 1→0\n", "  nilcheck           5 →       2 (60.0% removed)\n", "  divcheck           2 →       1 (50.0% removed)\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("vssa checks: output lacks %q:\n%s", want, stdout.String())
		}
	}
	for _, tc := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"checks"}, exitUsage, "usage: vssa checks"},
		{[]string{"checks", "-gc", "std"}, exitUsage, "-gc takes one .go file"},
		{[]string{"checks", "-passes=frob", file}, exitUsage, `unknown pass "frob"`},
		{[]string{"checks", filepath.Join(t.TempDir(), "none.go")}, exitFailure, "vssa checks:"},
	} {
		stdout.Reset()
		stderr.Reset()
		if status := runMain(tc.args, &stdout, &stderr); status != tc.status || !strings.Contains(stderr.String(), tc.err) {
			t.Errorf("vssa %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), status, stderr.String(), tc.status, tc.err)
		}
	}
}
