package main

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestTags: -tags selects the files analysed (the multichecker's own
// -tags has no effect): testdata/tagged has a report only with -tags
// special.
func TestTags(t *testing.T) {
	tool := buildTool(t)
	for _, c := range []struct {
		args   []string
		status int
	}{
		{[]string{"./..."}, 0},
		{[]string{"-tags", "special", "./..."}, 1},
		{[]string{"-tags=other,special", "./..."}, 1},
	} {
		cmd := exec.Command(tool, c.args...)
		cmd.Dir = "testdata/tagged"
		out, err := cmd.CombinedOutput()
		status := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			status = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if status != c.status || c.status == 1 && !strings.Contains(string(out), "x > 5 is always true") {
			t.Errorf("vssalint %v: exit status %d, want %d:\n%s", c.args, status, c.status, out)
		}
	}
}

func TestTakeTags(t *testing.T) {
	for _, c := range []struct {
		args, env []string
		wantArgs  []string
		goflags   string
	}{
		{[]string{"-tags", "a b", "./..."}, []string{"GOFLAGS=-mod=mod"}, []string{"./..."}, "GOFLAGS=-mod=mod -tags=a,b"},
		{[]string{"-json", "--tags=a,b", "p"}, nil, []string{"-json", "p"}, "GOFLAGS=-tags=a,b"},
		{[]string{"-json", "p"}, []string{"X=1"}, []string{"-json", "p"}, ""},
	} {
		t.Setenv("GOFLAGS", strings.TrimPrefix(strings.Join(c.env, ""), "GOFLAGS="))
		args, env := takeTags(c.args, c.env)
		if !slices.Equal(args, c.wantArgs) {
			t.Errorf("takeTags(%q): args %q, want %q", c.args, args, c.wantArgs)
		}
		i := slices.IndexFunc(env, func(e string) bool { return strings.HasPrefix(e, "GOFLAGS=") })
		got := ""
		if i >= 0 {
			got = env[i]
		}
		if c.goflags != "" && got != c.goflags {
			t.Errorf("takeTags(%q): %q, want %q", c.args, got, c.goflags)
		}
	}
}
