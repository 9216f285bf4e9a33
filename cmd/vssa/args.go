// This file reads the package arguments of the commands that load Go
// code: package patterns or .go files.

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// missingGoFile returns an error naming the first .go file of args that
// does not exist, or nil. The go command would report it as a package
// it cannot find ("directory not found", "go.mod file not found", "go
// get nonexist.go"), which sends a user who mistyped a file name the
// wrong way.
func missingGoFile(args []string) error {
	for _, arg := range args {
		if !strings.HasSuffix(arg, ".go") {
			continue
		}
		if _, err := os.Stat(arg); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: no such file", arg)
		}
	}
	return nil
}

// patternOf turns a .go file argument into an absolute path pattern.
func patternOf(arg string) string {
	if strings.HasSuffix(arg, ".go") {
		if abs, err := filepath.Abs(arg); err == nil {
			return abs
		}
	}
	return arg
}
