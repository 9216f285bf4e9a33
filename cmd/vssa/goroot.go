package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"syscall"
	"time"

	"github.com/vssa-go/vssa/internal/goroot"
)

func init() {
	var (
		passes  string
		runPat  string
		timeout time.Duration
		asJSON  bool
		jobs    int

		seaOfNodes bool
	)
	register(&command{
		name:  "goroot",
		usage: "[-passes=LIST] [-son] [-run=REGEX] [-timeout=D] [-json] [-j=N]",
		short: "interpret the GOROOT test programs and compare with the real ones",
		long: `Goroot is the GOROOT yardstick. It lists the programs in $GOROOT/test,
$GOROOT/test/ken and $GOROOT/test/fixedbugs whose first line is exactly
"// run", skips those that cannot be run alone (unsatisfied build
constraint, cgo, other files needed, the toolchain cannot build them, the
real program times out), and runs each of the others twice: built by the go
command (expected outputs are cached under the user cache directory, in
vssa/goroot) and interpreted by "vssa run [-passes=LIST] FILE" (with -son,
"vssa run -son -soncheck [-passes=LIST] FILE"). Stdout and
the exit status must be identical, stderr equal up to the goroutine dump.
The rules are in the documentation of package internal/goroot.

It prints one line per failed program, "FAIL test/PATH: reason", or with
-json one JSON object per program, and then the line
"N passed, M failed, K skipped". The exit status is 1 if any program
failed.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passes, "passes", "", "passes the interpreter applies, passed on as vssa run -passes")
			fs.BoolVar(&seaOfNodes, "son", false, "run each program by its functions' Sea of Nodes graphs, with Theorem 3.7 checked (vssa run -son -soncheck)")
			fs.StringVar(&runPat, "run", "", "run only the programs whose path relative to $GOROOT/test matches this regexp")
			fs.DurationVar(&timeout, "timeout", goroot.DefaultTimeout, "timeout of each real and each interpreted run")
			fs.BoolVar(&asJSON, "json", false, "print one JSON object per program")
			fs.IntVar(&jobs, "j", runtime.NumCPU(), "programs handled in parallel")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) > 0 {
				fmt.Fprintf(stderr, "vssa goroot: unexpected arguments %q\n", args)
				return exitUsage
			}
			if timeout <= 0 || jobs <= 0 {
				fmt.Fprintf(stderr, "vssa goroot: -timeout and -j must be positive\n")
				return exitUsage
			}
			if _, err := passesPipeline(passes); err != nil {
				// Found here, not once per program by every vssa run.
				fmt.Fprintf(stderr, "vssa goroot: -passes: %v\n", err)
				return exitUsage
			}
			var filter *regexp.Regexp
			if runPat != "" {
				var err error
				if filter, err = regexp.Compile(runPat); err != nil {
					fmt.Fprintf(stderr, "vssa goroot: -run: %v\n", err)
					return exitUsage
				}
			}
			exe, err := os.Executable()
			if err != nil {
				fmt.Fprintf(stderr, "vssa goroot: %v\n", err)
				return exitFailure
			}
			tc, err := goroot.FindToolchain("go")
			if err != nil {
				fmt.Fprintf(stderr, "vssa goroot: %v\n", err)
				return exitFailure
			}
			cacheDir, err := goroot.DefaultCacheDir()
			if err != nil {
				fmt.Fprintf(stderr, "vssa goroot: no cache: %v\n", err)
			}
			interpCmd := goroot.VSSARun(exe)
			if seaOfNodes {
				interpCmd = func(file, passes string) []string {
					argv := goroot.VSSARun(exe)(file, passes)
					return append([]string{argv[0], argv[1], "-son", "-soncheck"}, argv[2:]...)
				}
			}
			report := goroot.TextReport(stdout)
			if asJSON {
				report = goroot.JSONReport(stdout)
			}
			// Ctrl-C stops the programs under way (and their temporary
			// directories go), instead of killing vssa in the middle.
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			sum, err := goroot.Run(ctx, goroot.Config{
				Toolchain: tc,
				CacheDir:  cacheDir,
				Filter:    filter,
				Passes:    passes,
				Timeout:   timeout,
				Jobs:      jobs,
				Interp:    interpCmd,
				Warn:      stderr,
			}, report)
			if ctx.Err() != nil {
				fmt.Fprintf(stderr, "vssa goroot: interrupted; before that: %v\n", sum)
				return exitFailure
			}
			if err != nil {
				fmt.Fprintf(stderr, "vssa goroot: %v\n", err)
				return exitFailure
			}
			fmt.Fprintln(stdout, sum)
			if sum.Failed > 0 {
				return exitFailure
			}
			return exitOK
		},
	})
}
