// This file runs a program with a timeout and captures what it printed.

package goroot

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"time"
)

// An Output is what a run of a program produced.
type Output struct {
	Stdout   []byte
	Stderr   []byte
	ExitCode int // -1 if the program was killed by a signal
}

// A run is the outcome of running a command.
type run struct {
	Output
	Elapsed  time.Duration
	TimedOut bool // killed after the timeout; Output is what it printed until then
}

// waitDelay bounds how long a timed-out or finished program's children
// may keep its output pipes open.
const waitDelay = 2 * time.Second

// runCommand runs argv in dir with environment env, stdin empty, and
// kills it after timeout. The error is only for a command that could not
// be started; a failing or timed-out program is described by the run.
func runCommand(ctx context.Context, argv []string, dir string, env []string, timeout time.Duration) (run, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = waitDelay
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	r := run{Elapsed: time.Since(start)}
	r.Stdout, r.Stderr = stdout.Bytes(), stderr.Bytes()
	var exitErr *exec.ExitError
	switch {
	case err != nil && ctx.Err() == context.DeadlineExceeded:
		r.TimedOut = true
		r.ExitCode = -1
	case err == nil:
	case errors.As(err, &exitErr):
		r.ExitCode = exitErr.ExitCode()
	case errors.Is(err, exec.ErrWaitDelay):
		// The program exited but a child kept its output open.
		r.ExitCode = cmd.ProcessState.ExitCode()
	default:
		return run{}, err
	}
	return r, nil
}

// runEnv is the environment of the real and the interpreted program:
// vssa's own environment with GOFLAGS cleared, GOENV off and PWD set to
// the working directory, as cmd/internal/testdir runs its tests.
func runEnv(base []string, dir string) []string {
	if base == nil {
		base = os.Environ()
	}
	env := append([]string(nil), base...)
	return append(env, "GOFLAGS=", "GOENV=off", "PWD="+dir)
}
