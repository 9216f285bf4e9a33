package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/internal/driverflags"
)

// childEnv marks the process that runs the multichecker itself.
const childEnv = "VSSALINT_CHECKER"

func main() {
	analyzers := []*analysis.Analyzer{vssair.Analyzer, nilness.Analyzer, cond.Analyzer, bce.Analyzer}
	if os.Getenv(childEnv) != "" {
		confirmWithGC()
		boundHeap()
		profilePeak()
		releaseDependencies()
		multichecker.Main(analyzers...)
	}
	args, env := takeTags(os.Args[1:], os.Environ())
	// A bad flag value is said in one line, not with the usage.
	if err := driverflags.Check(analyzers, args); err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		os.Exit(2)
	}
	if fix, diff := fixFlags(args); fix {
		os.Exit(asVet(fixAndList(args, env, diff)))
	}
	os.Exit(asVet(runChecker(args, env, os.Stdout)))
}

// runChecker runs the multichecker in a child process with args and
// env, this process's stdin and stderr and stdout, and returns its exit
// status:
// the multichecker exits from inside, with 3 for reports where go vet
// has 1.
func runChecker(args, env []string, stdout io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		return 1
	}
	cmd := exec.Command(self, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, os.Stderr
	cmd.Env = append(env, childEnv+"=1")
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		return 1
	}
	// A signal meant for vssalint (a CI job cancelled) is the child's
	// too: it must not run on alone.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		for sig := range signals {
			cmd.Process.Signal(sig)
		}
	}()
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	}
	fmt.Fprintln(os.Stderr, "vssalint:", err)
	return 1
}

// asVet maps the multichecker's exit status to go vet's: 1 for reports
// as for failures.
func asVet(status int) int {
	if status == 3 {
		return 1
	}
	return status
}

// confirmWithGC turns -bce.gc on by default: vssalint runs where the
// package builds, so bce reports only the checks gc keeps too in the
// binary the user ships, and offers only hints after which gc keeps
// none of them (go vet and golangci-lint leave it off: they
// run the analyzers on every dependency, or inside another tool, where
// a build per package would cost more than the analysis).
func confirmWithGC() {
	f := bce.Analyzer.Flags.Lookup("gc")
	f.Value.Set("true")
	f.DefValue = "true"
}
