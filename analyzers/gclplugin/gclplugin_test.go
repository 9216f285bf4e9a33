package gclplugin

import (
	"errors"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/vssair"
)

func names(t *testing.T, settings any) []string {
	t.Helper()
	newPlugin, err := register.GetPlugin("vssa")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		t.Fatalf("settings %v: %v", settings, err)
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", mode, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestPlugin(t *testing.T) {
	if got := names(t, nil); len(got) != 3 || got[0] != "nilness" || got[1] != "cond" || got[2] != "bce" {
		t.Errorf("no settings: analyzers %v, want nilness, cond and bce", got)
	}
	if got := names(t, map[string]any{"disable": []any{"cond", "bce"}}); len(got) != 1 || got[0] != "nilness" {
		t.Errorf("cond and bce disabled: analyzers %v, want nilness", got)
	}
	defer vssair.Analyzer.Flags.Set("noreturn", "")
	if _, err := New(map[string]any{"noreturn": []any{"example.com/log.Fatal", "(*example.com/log.Logger).Fatal"}}); err != nil {
		t.Errorf("noreturn setting: %v", err)
	} else if got := vssair.Analyzer.Flags.Lookup("noreturn").Value.String(); got != "example.com/log.Fatal,(*example.com/log.Logger).Fatal" {
		t.Errorf("noreturn setting: vssair's -noreturn is %q", got)
	}
	for _, bad := range []any{
		map[string]any{"noreturn": "example.com/log.Fatal"}, // not a list
		map[string]any{"disabled": []any{"cond"}},           // misspelt key
		map[string]any{"disable": []any{"nilnes"}},
		map[string]any{"disable": "cond"},
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("settings %v accepted, want an error", bad)
		}
	}
}

// TestNoRelated: the plugin's reports carry no related information,
// which golangci-lint would make issues of their own on other lines
// (//nolint:vssa on the reported line would leave them); the message
// names the related position.
func TestNoRelated(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, _ := p.BuildAnalyzers()
	for _, a := range as {
		if a.Name == "bce" {
			continue
		}
		for _, r := range analysistest.Run(t, analysistest.TestData(), a, a.Name) {
			for _, d := range r.Diagnostics {
				if len(d.Related) > 0 {
					t.Errorf("%s: %s: related information %v", a.Name, d.Message, d.Related)
				}
			}
		}
	}
}

// TestFold: related information the message does not name is added to
// it.
func TestFold(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("/x/a.go", -1, 100)
	f.SetLines([]int{0, 10, 20, 30})
	d := fold(fset, analysis.Diagnostic{Message: "m", Related: []analysis.RelatedInformation{{Pos: f.Pos(25), Message: "given the check"}}})
	if want := "m (given the check at a.go:3)"; d.Message != want || d.Related != nil {
		t.Errorf("fold: %q %v, want %q and no related information", d.Message, d.Related, want)
	}
	d = fold(fset, analysis.Diagnostic{Message: "m at a.go:3", Related: []analysis.RelatedInformation{{Pos: f.Pos(25), Message: "given the check"}}})
	if want := "m at a.go:3"; d.Message != want || d.Related != nil {
		t.Errorf("fold: %q %v, want %q and no related information", d.Message, d.Related, want)
	}
}

// TestTryScript: examples/golangci/try.sh runs the binary it keeps
// (VSSA_GCL, newer than vssa's sources: not built again) in the module
// directory it is given, with the example configuration where the
// module has none of its own, and exits as the binary does.
func TestTryScript(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("try.sh is a POSIX shell script and this machine has no sh on PATH")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "custom-gcl")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho \"in $(pwd): $*\"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	module := filepath.Join(tmp, "mod")
	if err := os.Mkdir(module, 0o755); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs("../../examples/golangci/try.sh")
	config, _ := filepath.Abs("../../examples/golangci/.golangci.yml")
	run := func(args ...string) string {
		cmd := exec.Command("sh", append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "VSSA_GCL="+bin)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Fatalf("try.sh %v: %v, want exit status 1 (the binary's)\n%s", args, err, out)
		}
		return string(out)
	}
	if got, want := run(module), "in "+module+": run --config "+config+" ./...\n"; got != want {
		t.Errorf("try.sh DIR: %q, want %q", got, want)
	}
	own := filepath.Join(module, ".golangci.yml")
	if err := os.WriteFile(own, []byte("version: \"2\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := run(module, "./a", "./b"), "in "+module+": run --config "+own+" ./a ./b\n"; got != want {
		t.Errorf("try.sh DIR PATTERNS with the module's own configuration: %q, want %q", got, want)
	}
}
