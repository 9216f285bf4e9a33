package driverflags

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Check sets the analyzers' flags named on the command line args
// (-NAME.FLAG=VALUE or -NAME.FLAG VALUE, before the first argument that
// is not a flag, as the drivers name them) and returns the first error,
// worded as the flag package words it. Setting them twice is harmless:
// the driver sets the same values again.
func Check(analyzers []*analysis.Analyzer, args []string) error {
	flags := map[string]*flag.Flag{}
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) { flags[a.Name+"."+f.Name] = f })
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return nil
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := flags[name]
		if f == nil {
			continue
		}
		if !hasValue {
			if isBool(f) {
				continue
			}
			if i+1 == len(args) {
				return fmt.Errorf("flag needs an argument: -%s", name)
			}
			i++
			value = args[i]
		}
		if err := f.Value.Set(value); err != nil {
			return fmt.Errorf("invalid value %q for flag -%s: %v", value, name, err)
		}
	}
	return nil
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// First reports whether this process is the first of those its parent
// runs to claim key (a marker file in the temporary directory, named
// by the parent's pid, its start time and key): go vet runs the vet
// tool once per package, and only the first should report an error
// they all share. Where the parent's start time cannot be read (no
// /proc), every process is first: a recycled pid must not silence an
// error.
func First(key string) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(os.Getppid()) + "/stat")
	if err != nil {
		return true
	}
	// The start time is field 22; the command name, field 2, is in
	// parentheses and may hold spaces.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(fields) < 20 {
		return true
	}
	id := strconv.Itoa(os.Getppid()) + "-" + fields[19] + "-" + strconv.FormatUint(hash(key), 16)
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "vssa-flags-"+id), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return !os.IsExist(err)
	}
	f.Close()
	return true
}

// hash is FNV-1a of s.
func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
