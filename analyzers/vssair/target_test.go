package vssair

import "testing"

// TestTargetSuffix: go/build's file name rule for targets.
func TestTargetSuffix(t *testing.T) {
	for name, want := range map[string]bool{
		"a.go": false, "linux.go": false, "a_linux.go": true, "a_amd64.go": true,
		"a_linux_amd64.go": true, "a_windows_test.go": true, "a_test.go": false,
		"dir/exec_unix.go": false, "zsyscall_openbsd_arm64.go": true, "a_other.go": false,
	} {
		if got := targetSuffix(name); got != want {
			t.Errorf("targetSuffix(%q) = %v, want %v", name, got, want)
		}
	}
}
