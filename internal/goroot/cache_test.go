package goroot

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestCache(t *testing.T) {
	dir := t.TempDir()
	src := []byte("// run\n\npackage main\n")
	sum := sourceSHA(src)
	const platform = "go1.26.8 linux/amd64"
	e := &expectation{TestDir: "/t", Test: "ken/a.go", SourceSHA: sum, Platform: platform,
		Output: Output{Stdout: []byte("out\xff\n"), Stderr: []byte("err\n"), ExitCode: 3}, Seconds: 0.5, Timeout: "1m0s"}
	if err := storeExpectation(dir, e); err != nil {
		t.Fatal(err)
	}
	got, ok := loadExpectation(dir, "/t", "ken/a.go", sum, platform, time.Minute)
	if !ok {
		t.Fatal("stored expectation not found")
	}
	if string(got.Stdout) != "out\xff\n" || string(got.Stderr) != "err\n" || got.ExitCode != 3 || got.Seconds != 0.5 {
		t.Errorf("loaded %+v, want %+v", got, e)
	}
	for _, miss := range []struct{ testDir, rel, sum, platform string }{
		{"/t", "ken/b.go", sum, platform},
		{"/t", "ken/a.go", sourceSHA([]byte("changed")), platform},
		{"/t", "ken/a.go", sum, "go1.27 linux/amd64"},
		{"/other/checkout", "ken/a.go", sum, platform}, // its output may name its path
	} {
		if _, ok := loadExpectation(dir, miss.testDir, miss.rel, miss.sum, miss.platform, time.Minute); ok {
			t.Errorf("cache hit for %v", miss)
		}
	}
	if _, ok := loadExpectation("", "/t", "ken/a.go", sum, platform, time.Minute); ok {
		t.Errorf("cache hit without a cache directory")
	}

	// A timed-out run is reused for timeouts up to its own only.
	e.TimedOut, e.Timeout = true, "10s"
	if err := storeExpectation(dir, e); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadExpectation(dir, "/t", "ken/a.go", sum, platform, 10*time.Second); !ok {
		t.Errorf("timed-out run not reused for the same timeout")
	}
	if _, ok := loadExpectation(dir, "/t", "ken/a.go", sum, platform, 11*time.Second); ok {
		t.Errorf("timed-out run reused for a longer timeout")
	}

	// A corrupt file is a miss.
	if err := os.WriteFile(filepath.Join(dir, cacheKey("/t", "ken/a.go", sum, platform)), []byte("{"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadExpectation(dir, "/t", "ken/a.go", sum, platform, time.Minute); ok {
		t.Errorf("corrupt cache file is a hit")
	}
}
