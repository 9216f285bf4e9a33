package vssair

import (
	"bytes"
	"encoding/gob"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/validate"
)

// TestContractFactGob: the fact crosses packages gob-encoded (as
// unitchecker and nogo write facts), unchanged.
func TestContractFactGob(t *testing.T) {
	in := &ContractFact{validate.Contract{NonNilResults: []int{0, 2}, NonNilParams: []int{1}}}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	out := new(ContractFact)
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("decoded %v, want %v", out, in)
	}
}

// TestDerivesContracts: contracts are derived for the user's code, not
// for the standard library or versioned dependencies (go vet would
// analyse each of them for the facts), unless -contracts says so.
func TestDerivesContracts(t *testing.T) {
	pass := func(path string, m *analysis.Module) *analysis.Pass {
		return &analysis.Pass{Pkg: types.NewPackage(path, "p"), Module: m}
	}
	cases := []struct {
		pass *analysis.Pass
		want bool
	}{
		{pass("example.com/m/p", &analysis.Module{Path: "example.com/m", Main: true}), true},
		{pass("example.com/w/p", &analysis.Module{Path: "example.com/w"}), true}, // a workspace's or a replacement's
		{pass("example.com/dep/p", &analysis.Module{Path: "example.com/dep", Version: "v1.2.3"}), false},
		{pass("strings", &analysis.Module{Path: "std"}), false},
		{pass("strings", nil), false},
		{pass("example.com/p", nil), true}, // GOPATH mode
	}
	for _, c := range cases {
		if got := derivesContracts(c.pass); got != c.want {
			t.Errorf("%s in %+v: %v, want %v", c.pass.Pkg.Path(), c.pass.Module, got, c.want)
		}
	}
	defer Analyzer.Flags.Set("contracts", "local")
	for scope, want := range map[string]bool{"all": true, "off": false} {
		if err := Analyzer.Flags.Set("contracts", scope); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if got := derivesContracts(c.pass); got != want {
				t.Errorf("-contracts=%s: %s: %v, want %v", scope, c.pass.Pkg.Path(), got, want)
			}
		}
	}
	if err := Analyzer.Flags.Set("contracts", "some"); err == nil {
		t.Error("-contracts=some accepted")
	}
}
