package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zeroChecksProgram has, in f, a division by b under one by b (both
// remove the second check; but after mem2reg the two divisors are
// copies of b, and without -copies checkelim, whose facts are about one
// register, keeps it, where zce sees through copies); in g, both
// arms of an if divide by b and the join again (checkelim removes the
// join's: b was checked on every path; zce keeps it: no check
// dominates it); in h, a division under "if d != 0" (checkelim
// only: the branch).
const zeroChecksProgram = `package p

func f(a, b int, c bool) int {
	x := a / b
	if c {
		x += a % b
	}
	return x
}

func g(a, b int, c bool) int {
	x := 0
	if c {
		x = a / b
	} else {
		x = a % b
	}
	return x + 100/b
}

func h(a, d int) int {
	if d != 0 {
		return a / d
	}
	return 0
}
`

func TestZeroChecksCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(zeroChecksProgram), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{nil, []string{
			"command-line-arguments.f: divchecks 2, checkelim removes 1, zce removes 1\n",
			"command-line-arguments.g: divchecks 3, checkelim removes 1, zce removes 0\n",
			"p.go:18:16: b2:0 divcheck r1: checkelim only (elsewhere)\n",
			"command-line-arguments.h: divchecks 1, checkelim removes 1, zce removes 0\n",
			"p.go:23:12: b1:0 divcheck r1: checkelim only (branch)\n",
			"checkelim only, by reason: branch 1, elsewhere 1\n",
			"zerochecks: 6 divchecks, checkelim removes 3, zce 1, both 1; checkelim only 2, zce only 0\n",
		}},
		{[]string{"-copies=false"}, []string{
			"command-line-arguments.f: divchecks 2, checkelim removes 0, zce removes 1\n",
			"p.go:6:10: b1:3 divcheck r",
			", a copy of the same register)\n",
			"zerochecks: 6 divchecks, checkelim removes 0, zce 1, both 0; checkelim only 0, zce only 1\n",
		}},
	} {
		stdout.Reset()
		args := append(append([]string{"zerochecks"}, tc.flags...), file)
		if status := runMain(args, &stdout, &stderr); status != exitOK {
			t.Fatalf("vssa %v: status %d, stderr %q", args, status, stderr.String())
		}
		for _, want := range tc.want {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("vssa %v: output lacks %q:\n%s", args, want, stdout.String())
			}
		}
	}
	stdout.Reset()
	if status := runMain([]string{"zerochecks"}, &stdout, &stderr); status != exitUsage {
		t.Errorf("vssa zerochecks without packages: status %d, want %d", status, exitUsage)
	}
}
