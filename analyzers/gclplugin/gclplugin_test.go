package gclplugin

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"

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
