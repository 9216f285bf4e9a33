package gcm_test

import (
	"flag"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/passes/gcm"
)

var std = flag.Bool("gcm.std", false, "TestStd: run gcm on every function of std and count what leaves loops (minutes)")

// TestStd measures gcm on the standard library: the instructions it
// moves out of loops, and that every result is accepted. Only with
// -gcm.std.
func TestStd(t *testing.T) {
	if !*std {
		t.Skip("runs gcm on all of std for minutes: go test ./passes/gcm -run TestStd -gcm.std")
	}
	prog, err := bridge.Load(bridge.Config{}, "std")
	if err != nil {
		t.Fatal(err)
	}
	var funcs, changed, out, in, failed int
	for _, f := range prog.Module.Funcs {
		s := ssaform.Of(f)
		if s == nil {
			continue
		}
		funcs++
		g := runChecked(t, s)
		if g == nil {
			failed++
			continue
		}
		if g != s {
			changed++
			o, i := gcm.Moved(s, g)
			out, in = out+o, in+i
		}
	}
	t.Logf("std: %d functions in SSA form, %d changed by gcm, %d failed or rejected; %d instructions moved out of loops, %d into loops", funcs, changed, failed, out, in)
	if in > 0 {
		t.Errorf("%d instructions moved into loops", in)
	}
}
