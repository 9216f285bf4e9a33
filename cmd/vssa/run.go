package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

func init() {
	var passes, cpuprofile string
	var verbose, seaOfNodes, sonCheck bool
	register(&command{
		name:  "run",
		usage: "[-passes=LIST] [-son [-soncheck]] [-v] [-cpuprofile=FILE] FILE.go...|PKG|FILE.vssa [ARGS...]",
		short: "interpret a Go program's main through vssa's IR",
		long: `Run loads a Go program (its .go files, of one directory, or a package
pattern naming one main package; as with go run, the arguments after
the .go files, or after the pattern, are the program's; or a module in
vssa's IR text format, FILE.vssa, run as it is from main.main, or
command-line-arguments.main as vssa dump FILE.go names it), translates it
to vssa's IR, optionally runs passes on it, and
interprets main.main with the reference interpreter. A pass result that
its validator rejects is not used (the function keeps its input); -v
reports such rejections on stderr, which is otherwise the program's.
Its output and exit status are the program's: 0 when main returns,
os.Exit's argument, 2 after an unrecovered panic or a fatal error such
as a deadlock. The interpreter runs with the garbage collector at
GOGC=300 unless the GOGC environment variable is set.

Exit statuses of vssa itself, each after a line on stderr that starts
with "vssa run: " or "vssa: ", apart from the small statuses programs
use and below the 128+n a shell gives a process a signal ended:
  121 unloadable: the program could not be loaded (no such file, compile
      errors, no main package, a profile file that cannot be written)
  122 undefined: undefined behaviour detected (an unchecked operation
      whose precondition failed: a removed check could fail)
  123 unsupported: the program needs something vssa does not support
      (the message names it), or an internal error
A bad invocation exits with 2, as for every command, after a "usage:"
line on stderr, before the program starts.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passes, "passes", "", "comma-separated passes to run before interpreting ("+passNames()+")")
			fs.StringVar(&cpuprofile, "cpuprofile", "", "write a CPU profile of the interpreter to this file")
			fs.BoolVar(&seaOfNodes, "son", false, "run each function in SSA form after the passes (mem2reg if none are given) as its Sea of Nodes graph, by the graph's semantics (ir/son)")
			fs.BoolVar(&sonCheck, "soncheck", false, "with -son: check as it runs that every data node keeps its value in the regions its dependencies dominate (Theorem 3.7 of the Sea of Nodes semantics); a failure panics")
			fs.BoolVar(&verbose, "v", false, "report on stderr the pass results that validation rejected (they are not used either way)")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				return badUsage(stderr, "run", "no program given")
			}
			if _, err := passesPipeline(passes); err != nil {
				fmt.Fprintf(stderr, "vssa run: %v\n", err)
				return exitUsage
			}
			if strings.HasSuffix(args[0], ".vssa") {
				if passes != "" {
					fmt.Fprintf(stderr, "vssa run: unsupported: -passes with a .vssa file (run vssa ir to check it)\n")
					return exitUsage
				}
				// The program sees its own arguments, as from .go files.
				os.Args = args
				return runIRFile(args[0], stderr)
			}
			// As go run: the leading .go files are the program, the
			// rest its arguments; else the first argument names it.
			files := 0
			for files < len(args) && strings.HasSuffix(args[files], ".go") {
				files++
			}
			targets, progArgs := args[:max(files, 1)], args[max(files, 1):]
			prog, mainPkg, err := loadMain(targets...)
			if err != nil {
				fmt.Fprintf(stderr, "vssa run: %v\n", err)
				return exitLoad
			}
			var passLog io.Writer
			if verbose {
				passLog = stderr
			}
			if seaOfNodes && passes == "" {
				passes = "mem2reg"
			}
			forms, err := applyPasses(prog, passes, passLog)
			if err != nil {
				fmt.Fprintf(stderr, "vssa run: %v\n", err)
				return interp.ExitUnsupported
			}
			if seaOfNodes {
				if err := runGraphs(prog.Module, forms[ir.SSA], sonCheck); err != nil {
					fmt.Fprintf(stderr, "vssa run: %v\n", err)
					return interp.ExitUnsupported
				}
			}
			var stopProfile func()
			if cpuprofile != "" {
				stop, err := startCPUProfile(cpuprofile)
				if err != nil {
					fmt.Fprintf(stderr, "vssa run: %v\n", err)
					return exitLoad
				}
				stopProfile = stop
				defer stop()
			}
			// The program sees its own arguments: os.Args is a real variable
			// (the interpreter calls the real os package).
			os.Args = append([]string{args[0]}, progArgs...)
			setInterpreterGC()
			opts := interp.Options{
				Stderr:     stderr,
				Methods:    prog.Method,
				Externs:    stdExterns(),
				LookupType: prog.LookupType,
			}
			if stopProfile != nil {
				// os.Exit in the program (or a crash of one of its
				// goroutines) ends the process: the profile first.
				opts.Exit = func(status int) {
					stopProfile()
					os.Exit(status)
				}
			}
			it := interp.New(prog.Module, opts)
			return it.RunMain(mainPkg+".init", mainPkg+".main")
		},
	})
}

// runGraphs replaces each function of m named in names, which are in
// SSA form, by the function that runs its Sea of Nodes graph (with
// Theorem 3.7 checked if check).
func runGraphs(m *ir.Module, names []string, check bool) error {
	for _, name := range names {
		g, err := son.Build(m.Func(name))
		if err != nil {
			return fmt.Errorf("internal error: %v", err)
		}
		if err := son.Check(g); err != nil {
			return fmt.Errorf("internal error: the graph of %s: %v", name, err)
		}
		machine := g.Machine
		if check {
			machine = g.CheckingMachine
		}
		mf, err := machine()
		if err != nil {
			return err // unsupported, or an internal error (a graph Check passed)
		}
		m.Add(mf)
	}
	return nil
}

// startCPUProfile starts a CPU profile into file and returns what ends
// it (once, whoever calls it first). A file that exists and is not a
// profile (pprof writes gzip) is not replaced: -cpuprofile=main.go by
// mistake must not empty the program.
func startCPUProfile(file string) (stop func(), err error) {
	if old, err := os.ReadFile(file); err == nil && len(old) > 0 && !bytes.HasPrefix(old, []byte{0x1f, 0x8b}) {
		return nil, fmt.Errorf("%s exists and is not a CPU profile: not replacing it", file)
	}
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}, nil
}

// interpreterGCPercent is the garbage collector's GOGC while a program
// is interpreted, unless the GOGC environment variable sets it: the
// interpreter allocates a great deal (every aggregate value, 24 bytes
// per array element) and keeps little beyond the loaded program, so at
// Go's default of 100 the collector runs over and over. GOROOT's
// fixedbugs/issue13169.go, which allocates a [1024]byte 32 times per
// iteration, spends most of its time collecting: with its n reduced to
// 5000, 8.8-11 s at 100, 4.4 s at 200, 2.8-3.5 s at 300, 2.2-2.6 s at
// 400. Above 300 the heap may overshoot: test/init1.go, which makes
// 1000 MB of garbage (24 GB in the interpreter) and checks that the
// process took less than 1000 MB from the system, took 216 MB at 200,
// 288 MB at 300 and 360 or 1000 MB at 400 (two runs side by side).
const interpreterGCPercent = 300

// setInterpreterGC sets the collector for interpretation (see
// interpreterGCPercent).
func setInterpreterGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(interpreterGCPercent)
	}
}

// runIRFile interprets main.main (after main.init, if there is one) of
// a module in the IR text format (or command-line-arguments.main, as
// vssa dump names a main package given as files), whose functions must be well-formed
// RTL or SSA. It returns the exit status.
func runIRFile(file string, stderr io.Writer) int {
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "vssa run: %v\n", err)
		return exitLoad
	}
	m, err := ir.Parse(file, string(src))
	if err != nil {
		fmt.Fprintf(stderr, "vssa run: %v\n", err)
		return exitLoad
	}
	for _, f := range m.Funcs {
		if m.DisciplineSet {
			// The declared discipline decides: a gsa module's gated
			// instructions are well-formed only in GSA discipline.
			if err := ir.Check(f, m.Discipline); err != nil {
				fmt.Fprintf(stderr, "vssa run: %s: %v\n", file, err)
				return exitLoad
			}
			continue
		}
		if err := ir.Check(f, ir.SSA); err != nil {
			if err2 := ir.Check(f, ir.RTL); err2 != nil {
				fmt.Fprintf(stderr, "vssa run: %s: %v\n", file, err)
				return exitLoad
			}
		}
	}
	pkg, err := irMainPackage(m)
	if err != nil {
		fmt.Fprintf(stderr, "vssa run: %s: %v\n", file, err)
		return exitLoad
	}
	init := ""
	if m.Func(pkg+".init") != nil {
		init = pkg + ".init"
	}
	setInterpreterGC()
	it := interp.New(m, interp.Options{
		Stderr:  stderr,
		Externs: stdExterns(),
		// The methods the text declares (vssa dump writes those of
		// the types of the packages it loaded).
		Methods: func(t types.Type, name string) string { return m.Methods[ir.TypeString(t)][name] },
	})
	return it.RunMain(init, pkg+".main")
}

// irMainPackage returns the path of the main package of a module in the
// IR text format: "main", or "command-line-arguments" when vssa dump
// wrote the module from .go files (as the go command names it), or else
// the one package with a function main without parameters or results
// (vssa dump of a package of a module: the package's path).
func irMainPackage(m *ir.Module) (string, error) {
	for _, pkg := range []string{"main", "command-line-arguments"} {
		if m.Func(pkg+".main") != nil {
			return pkg, nil
		}
	}
	var found []string
	for _, f := range m.Funcs {
		pkg, ok := strings.CutSuffix(f.Name, ".main")
		if ok && !strings.ContainsAny(pkg, "()[]$") && len(f.Params) == 0 && len(f.Results) == 0 {
			found = append(found, pkg)
		}
	}
	switch len(found) {
	case 0:
		return "", errors.New("no function main.main (nor a function main of another package)")
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("several packages have a function main: %s", strings.Join(found, ", "))
}

// loadMain loads a program given as .go files (of one directory) or a
// package pattern and returns the path of its main package.
func loadMain(targets ...string) (*bridge.Program, string, error) {
	if err := missingGoFile(targets); err != nil {
		return nil, "", err
	}
	patterns := make([]string, len(targets))
	for i, t := range targets {
		patterns[i] = patternOf(t)
	}
	target := strings.Join(targets, " ")
	prog, err := bridge.Load(bridge.Config{StdSource: true}, patterns...)
	if err != nil {
		return nil, "", err
	}
	var mains []string
	for _, p := range prog.Packages {
		if p != nil && p.Pkg.Name() == "main" {
			mains = append(mains, p.Pkg.Path())
		}
	}
	if len(mains) != 1 {
		return nil, "", fmt.Errorf("%s: want exactly one main package, found %d", target, len(mains))
	}
	if prog.Module.Func(mains[0]+".main") == nil {
		if err, ok := prog.Unsupported[mains[0]+".main"]; ok {
			return nil, "", err
		}
		return nil, "", fmt.Errorf("%s: no function main", target)
	}
	return prog, mains[0], nil
}

// exitLoad is vssa run's status when the program could not be loaded:
// one of its own, apart from the program's (see its -h; the
// interpreter's are interp.ExitUndefined and interp.ExitUnsupported).
const exitLoad = 121
