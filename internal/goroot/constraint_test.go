package goroot

import "testing"

func TestUnsatisfied(t *testing.T) {
	ts := tagSet{goos: "linux", goarch: "amd64", release: Toolchain{Version: "go1.26.8"}.ReleaseTags()}
	tests := []struct {
		src, want string
	}{
		{"// run\n\npackage main\n", ""},
		{"// run\n\n//go:build linux && amd64 && gc && unix\n\npackage main\n", ""},
		{"// run\n\n//go:build go1.1 && go1.26\n\npackage main\n", ""},
		{"// run\n\n//go:build go1.27\n\npackage main\n", "//go:build go1.27"},
		{"// run\n\n//go:build cgo\n\npackage main\n", "//go:build cgo"},
		{"// run\n\n//go:build !nacl && !js && !wasip1 && !gccgo\n\npackage main\n", ""},
		{"// run\n\n//go:build !gcflags_noopt\n\npackage main\n", ""},
		{"// run\n\n//go:build (linux || darwin) && !(386 || arm)\n\npackage main\n", ""},
		{"// run\n\n//go:build windows\n\npackage main\n", "//go:build windows"},
		{"// run\n\n// +build darwin\n\npackage main\n", "// +build darwin"},
		// Constraints after the package clause do not count.
		{"// run\n\npackage main\n\n//go:build windows\n", ""},
	}
	for _, tt := range tests {
		if got := ts.unsatisfied(tt.src); got != tt.want {
			t.Errorf("unsatisfied(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
	if ts := (tagSet{goos: "plan9", goarch: "amd64"}); ts.match("unix") {
		t.Errorf("plan9 satisfies unix")
	}
}

func TestReleaseTags(t *testing.T) {
	tags := Toolchain{Version: "go1.26.8"}.ReleaseTags()
	if len(tags) != 26 || tags[0] != "go1.1" || tags[25] != "go1.26" {
		t.Errorf("ReleaseTags(go1.26.8) = %v", tags)
	}
	if tags := (Toolchain{Version: "devel +abc"}).ReleaseTags(); len(tags) == 0 {
		t.Errorf("ReleaseTags(devel) is empty, want the tags of the running Go")
	}
}
