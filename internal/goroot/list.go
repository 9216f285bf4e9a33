// This file lists the `// run` programs of a GOROOT test directory.

package goroot

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
)

// Dirs are the directories of GOROOT/test whose programs are listed,
// relative to GOROOT/test ("." is the directory itself).
var Dirs = []string{".", "ken", "fixedbugs"}

// List returns the programs in testDir/*.go, testDir/ken/*.go and
// testDir/fixedbugs/*.go whose first line is exactly "// run", as
// slash-separated paths relative to testDir ("ken/chan.go"), sorted. If
// filter is not nil only the paths it matches are kept.
func List(testDir string, filter *regexp.Regexp) ([]string, error) {
	var tests []string
	for _, dir := range Dirs {
		files, err := filepath.Glob(filepath.Join(testDir, dir, "*.go"))
		if err != nil {
			return nil, err
		}
		for _, file := range files {
			rel, err := filepath.Rel(testDir, file)
			if err != nil {
				return nil, err
			}
			rel = filepath.ToSlash(rel)
			if filter != nil && !filter.MatchString(rel) {
				continue
			}
			ok, err := isRunTest(file)
			if err != nil {
				return nil, err
			}
			if ok {
				tests = append(tests, rel)
			}
		}
	}
	sort.Strings(tests)
	return tests, nil
}

// isRunTest reports whether the first line of file is exactly "// run":
// a program cmd/internal/testdir builds and runs with no flags, no
// arguments and no special environment, and whose output it checks.
func isRunTest(file string) (bool, error) {
	f, err := os.Open(file)
	if err != nil {
		return false, err
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadString('\n')
	if err != nil && err != io.EOF {
		return false, err
	}
	return line == "// run\n" || line == "// run", nil
}
