// This file implements the on-disk cache of expected outputs.

package goroot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// DefaultCacheDir returns os.UserCacheDir()/vssa/goroot.
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "vssa", "goroot"), nil
}

// An expectation is what the real program does, as built by the
// toolchain: either a skip reason or the output of one run. It is what
// the cache holds, one JSON file per program.
type expectation struct {
	// TestDir is the absolute test directory the program ran in: a
	// program's output may name its own path (runtime.Caller, and from
	// Go 1.27 line directives joined to the file's directory), so the
	// same source in another checkout is another program.
	TestDir   string
	Test      string // relative to the test directory
	SourceSHA string // hex SHA-256 of the program's source
	Platform  string // Toolchain.Platform()

	// Skip is why the program is skipped: the toolchain could not
	// build it. Empty if it was built and run.
	Skip string `json:",omitempty"`

	Output
	Seconds  float64 // run time of the real program
	TimedOut bool    // the real program ran out of Timeout
	Timeout  string  // the timeout of that run, a time.Duration string
}

// cacheKey is the name of the cache file of a program: the hex SHA-256
// of its test directory, path, source hash and platform.
func cacheKey(testDir, rel, sourceSHA, platform string) string {
	h := sha256.Sum256([]byte(testDir + "\x00" + rel + "\x00" + sourceSHA + "\x00" + platform))
	return hex.EncodeToString(h[:]) + ".json"
}

// sourceSHA returns the hex SHA-256 of src.
func sourceSHA(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:])
}

// loadExpectation returns the cached expectation of a program, if it is
// there and still valid for a run with the given timeout: a cached
// timeout is only reused for timeouts no longer than the one it ran with.
func loadExpectation(cacheDir, testDir, rel, sum, platform string, timeout time.Duration) (*expectation, bool) {
	if cacheDir == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(cacheDir, cacheKey(testDir, rel, sum, platform)))
	if err != nil {
		return nil, false
	}
	var e expectation
	if err := json.Unmarshal(data, &e); err != nil || e.TestDir != testDir || e.Test != rel || e.SourceSHA != sum || e.Platform != platform {
		return nil, false
	}
	if e.TimedOut {
		d, err := time.ParseDuration(e.Timeout)
		if err != nil || timeout > d {
			return nil, false
		}
	}
	return &e, true
}

// storeExpectation writes e to the cache, atomically: a concurrent reader
// sees either no file or the whole file.
func storeExpectation(cacheDir string, e *expectation) error {
	if cacheDir == "" {
		return nil
	}
	if err := os.MkdirAll(cacheDir, 0o777); err != nil {
		return err
	}
	data, err := json.MarshalIndent(e, "", "\t")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(cacheDir, "tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(cacheDir, cacheKey(e.TestDir, e.Test, e.SourceSHA, e.Platform)))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
