package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

// childEnv marks the process that runs the multichecker itself.
const childEnv = "VSSALINT_CHECKER"

func main() {
	if os.Getenv(childEnv) != "" {
		confirmWithGC()
		multichecker.Main(vssair.Analyzer, nilness.Analyzer, cond.Analyzer, bce.Analyzer)
	}
	os.Exit(asVet(runChecker()))
}

// runChecker runs the multichecker in a child process with this
// process's arguments and streams, and returns its exit status: the
// multichecker exits from inside, with 3 for reports where go vet has 1.
func runChecker() int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "vssalint:", err)
		return 1
	}
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), childEnv+"=1")
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
// binary the user ships (go vet and golangci-lint leave it off: they
// run the analyzers on every dependency, or inside another tool, where
// a build per package would cost more than the analysis).
func confirmWithGC() {
	f := bce.Analyzer.Flags.Lookup("gc")
	f.Value.Set("true")
	f.DefValue = "true"
}
