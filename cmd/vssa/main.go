package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/passes"
)

// A command is one subcommand of vssa.
type command struct {
	name  string
	usage string // arguments after the name
	short string // one line for the command list
	long  string // explanation for -h
	run   func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int
	flags func(fs *flag.FlagSet)
}

// Exit codes scripts can rely on.
const (
	exitOK      = 0 // success
	exitFailure = 1 // the command ran and found problems (errors were printed)
	exitUsage   = 2 // bad invocation
)

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

func runMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		if len(args) >= 2 && args[0] == "help" {
			c, ok := commands[args[1]]
			if !ok {
				fmt.Fprintf(stderr, "vssa help: unknown command %q\nRun 'vssa -h' for the list of commands.\n", args[1])
				return exitUsage
			}
			printCommandUsage(c, newFlagSet(c, stdout), stdout)
			return exitOK
		}
		if len(args) == 0 {
			// A usage error, as in Go's tools: on stderr.
			printUsage(stderr)
			return exitUsage
		}
		printUsage(stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "vssa: unknown command %q\nRun 'vssa -h' for the list of commands.\n", args[0])
		return exitUsage
	}
	fs := newFlagSet(c, stderr)
	// -h asks for the usage: on stdout, with success. A flag error
	// prints its message and the usage on stderr.
	fs.Usage = func() {}
	err := fs.Parse(args[1:])
	fs.Usage = func() { printCommandUsage(c, fs, stderr) }
	if err == flag.ErrHelp {
		printCommandUsage(c, fs, stdout)
		return exitOK
	}
	if err != nil {
		fs.Usage()
		return exitUsage
	}
	out := &checkedWriter{w: stdout}
	status := c.run(fs, fs.Args(), out, stderr)
	if out.err != nil {
		// Output that did not arrive (a full disk, a closed pipe) is a
		// failure, never a success a script would trust.
		fmt.Fprintf(stderr, "vssa %s: writing output: %v\n", c.name, out.err)
		if status == exitOK {
			status = exitFailure
		}
	}
	return status
}

// badUsage says what is wrong with an invocation of command name, and
// how to use it, on stderr; it returns exitUsage.
func badUsage(stderr io.Writer, name, problem string) int {
	fmt.Fprintf(stderr, "vssa %s: %s\nusage: vssa %s %s\nRun 'vssa %s -h' for details.\n", name, problem, name, commands[name].usage, name)
	return exitUsage
}

// checkedWriter keeps the first error of writing to w and writes
// nothing after it.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

func newFlagSet(c *command, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("vssa "+c.name, flag.ContinueOnError)
	fs.SetOutput(out)
	if c.flags != nil {
		c.flags(fs)
	}
	fs.Usage = func() { printCommandUsage(c, fs, fs.Output()) }
	return fs
}

func printCommandUsage(c *command, fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: vssa %s %s\n\n%s\n", c.name, c.usage, c.long)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "vssa is a translation-validated SSA middle-end for Go.\n\nusage: vssa <command> [flags] [arguments]\n\nCommands:\n")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-8s %s\n", name, commands[name].short)
	}
	fmt.Fprintf(w, "\nPasses (for -passes; each result is checked by its validator):\n")
	for _, p := range passes.Table.Passes {
		forms := fmt.Sprintf("%s -> %s", p.In, p.Out)
		if p.GSA {
			forms += ", gsa -> gsa"
		}
		fmt.Fprintf(w, "  %-14s %s (%s)\n", p.Name, p.Doc, forms)
	}
	fmt.Fprintf(w, "\nRun 'vssa <command> -h' for a command's usage.\nExit status: 0 success, 1 problems found, 2 bad invocation.\n"+
		"vssa run: the program's status, or one of its own after a \"vssa\" line on stderr:\n"+
		"  %d unloadable, %d undefined (behaviour), %d unsupported (or an internal error).\n", exitLoad, interp.ExitUndefined, interp.ExitUnsupported)
}
