package intests

import "testing"

// Tests use nil on purpose to see what happens (a panic(nil) test of a
// recover helper, a nil map write that must panic); x/tools' nilness
// reports these too, and vssa's nilness finds every report of it.

func recovers(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

func TestPanicNil(t *testing.T) {
	if !recovers(func() {
		panic(nil) // want `panic with a nil value`
	}) {
		t.Error("panic(nil) is a *runtime.PanicNilError since Go 1.21")
	}
}

func TestNilMapWrite(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("want a panic")
		}
	}()
	var m map[string]int
	m["a"] = 1 // want `assignment to an entry of a nil map`
}
