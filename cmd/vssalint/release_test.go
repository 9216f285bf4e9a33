package main

import "testing"

// TestReleasable: of the packages the multichecker loads, those not
// named on the command line are analysed for their facts alone; a
// named one (and its test variant, of the same path), an external test
// package and a test main are not; nothing is when the named ones are
// unknown.
func TestReleasable(t *testing.T) {
	const example = "github.com/vssa-go/vssa/examples/redundant"
	named := namedPackages([]string{example})
	if !named[example] {
		t.Fatalf("named packages %v, want %s among them", named, example)
	}
	for path, want := range map[string]bool{
		example:                      false,
		example + "_test":            false,
		example + ".test":            false,
		"fmt":                        true,
		"github.com/vssa-go/vssa/ir": true,
	} {
		if got := releasable(named, path); got != want {
			t.Errorf("releasable(%s) = %v, want %v", path, got, want)
		}
	}
	if releasable(nil, "fmt") {
		t.Error("released with the named packages unknown")
	}
}
