// Package goroot is the GOROOT yardstick behind "vssa goroot": it runs
// the single-file test programs of the Go distribution ($GOROOT/test)
// both as built by the go command and as interpreted by "vssa run", and
// compares what they do.
//
// # Selection
//
// The programs are the files $GOROOT/test/*.go, $GOROOT/test/ken/*.go and
// $GOROOT/test/fixedbugs/*.go whose first line is exactly "// run": the
// recipe with which cmd/internal/testdir builds a file alone, without
// compiler or linker flags, arguments or special environment, runs it in
// $GOROOT/test and checks its output (806 files with go1.26.8). Recipes
// with flags ("// run -gcflags=…") and the other recipes (runoutput,
// rundir, …) are not selected. -run keeps the programs whose path
// relative to $GOROOT/test ("ken/chan.go", "fixedbugs/issue1234.go")
// matches a regular expression. See List.
//
// # Skip rules
//
// A selected program is skipped, with a reason naming the rule and the
// evidence, when the first of these rules applies, in this order. Rules
// 1 to 4 look at the source only; 5 and 6 at the toolchain build.
//
//  1. Build constraints. A "//go:build" or "// +build" line before the
//     package clause (cmd/internal/testdir looks there too) is false,
//     evaluated with go/build/constraint where these tags are true:
//     runtime.GOOS, runtime.GOARCH, "unix" on Unix systems (the GOOS list
//     of go/build), "gc", the release tags go1.1 … go1.N of the
//     toolchain's version (go1.26 for go1.26.8), the goexperiment.* tool
//     tags of the Go that built vssa, and "test_run" (which
//     cmd/internal/testdir also sets); every other tag is false, in
//     particular "cgo", "gccgo" and "gcflags_noopt". Reason:
//     `build constraint not satisfied: //go:build cgo`.
//  2. Cgo. The file imports "C". Reason: `uses cgo (imports "C")`.
//  3. Other files. The program names, in a constant string, another
//     entry of the test directory: the program needs a sibling ".dir"
//     directory or other files of $GOROOT/test at run time (it builds or
//     reads them with the go command, as linkx_run.go does with
//     linkx.go). A constant string is a string literal, a "+" of
//     constant strings, or filepath.Join or path.Join of constant strings
//     (only the outermost one counts: filepath.Join("fixedbugs",
//     "bug369.dir") is the one path fixedbugs/bug369.dir). Its value is a
//     reference when it is a relative path that stays inside the
//     directory, contains a "/" or a "." (so words such as "chan", which
//     happen to name directories of $GOROOT/test, are not paths), has no
//     white space, "%", ":" or "\", and either names an existing file or
//     directory relative to $GOROOT/test (where the program runs) other
//     than the program itself, or is, or starts with, the program's base
//     name plus ".dir" (resolved in the program's own directory). Paths
//     computed at run time from variables are not seen. Reason:
//     `needs other files of the test directory: line 22 names
//     fixedbugs/bug369.dir`, plus "(and N more)" when there are several.
//  4. Harness environment. The program names in a string literal an
//     environment variable that only cmd/internal/testdir provides
//     (STDLIB_IMPORTCFG, the import configuration of the standard
//     library). Reason: `needs the environment of cmd/internal/testdir:
//     line 69 reads $STDLIB_IMPORTCFG`.
//  5. The toolchain cannot build it. "go build" (see below) fails; this
//     also catches programs that need compiler or linker flags and
//     files that do not parse. Reason: `go build failed: ` and the first
//     error line of the go command, file names relative to $GOROOT/test.
//  6. The real program times out. Its run (see below) takes longer than
//     -timeout. Reason: `real program timed out after 4m0s`.
//
// # Expected behaviour
//
// The expected behaviour is that of the real program. It is built, in a
// fresh temporary directory, with
//
//	go build -o TMP/test.exe $GOROOT/test/PATH
//
// in GOPATH mode (GO111MODULE=off: the file is a package of its own, with
// the newest language version and only the standard library, as
// cmd/internal/testdir compiles it), with GOFLAGS cleared, GOENV=off,
// CGO_ENABLED=0 (cgo is false in rule 1) and GOOS and GOARCH those vssa
// runs on. The executable is then run in $GOROOT/test, where
// cmd/internal/testdir runs "// run" programs, with standard input empty,
// the environment of vssa plus GOFLAGS= GOENV=off PWD=$GOROOT/test, and
// -timeout; its standard output, standard error and exit status are
// recorded (a program killed by a signal has exit status -1).
//
// The result (outputs and exit status, or the build failure of rule 5, or
// the timeout of rule 6) is cached in os.UserCacheDir()/vssa/goroot (on
// Linux ~/.cache/vssa/goroot), one JSON file per program named by the
// SHA-256 of the program's path, the SHA-256 of its content, and the Go
// version and platform ("go1.26.8 linux/amd64"), so that a second run
// builds nothing. A cached timeout is reused only for a -timeout no longer
// than the one it ran with, and a cached run that took longer than the
// current -timeout counts as a timeout. Deleting the directory is always
// safe. Failures of the harness itself (the go command cannot be
// started) are not cached, and make the test fail with a reason starting
// with "harness:".
//
// # Interpreted run and comparison
//
// The program under test is "VSSA run [-passes=LIST] $GOROOT/test/PATH",
// where VSSA is the running vssa executable (see VSSARun; tests
// substitute their own command through Config.Interp), run in the same
// directory, with the same environment, empty standard input and the
// same -timeout. If it times out the test fails with `timeout after D`.
// Otherwise it passes when (see Compare)
//
//   - its standard output is identical, byte for byte;
//   - its standard error is equal after NormalizeStderr, which cuts the
//     goroutine dump (from the first line that starts with "goroutine "
//     and follows an empty line), drops "[signal …" lines and "exit
//     status N" lines, and removes trailing white space from each line
//     and trailing empty lines;
//   - its exit status is the same.
//
// A failure's reason names what differs, in the order stdout, stderr,
// exit status, joined by "; ": `stdout line 3: got "x", want "y"` (the
// first differing line of each side, quoted and cut to 100 characters,
// EOF when one side has no more lines; stderr lines are those after
// normalisation) and `exit status 2, want 0`.
//
// # Output
//
// Results are reported in the order of the sorted listing while -j
// programs are handled in parallel: "vssa goroot" prints one line
// "FAIL test/PATH: reason" per failure (TextReport), or with -json one
// Result object per program and line (JSONReport), then the line
// "N passed, M failed, K skipped" (Summary).
//
// Not done: the dump of a runtime fatal error is only cut at its
// goroutine section, so a "runtime stack:" section before it (stack
// overflow and other throws) stays in the comparison; timed-out programs
// are killed but children they started are not.
package goroot
