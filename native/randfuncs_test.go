package native

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/testlong"
)

var (
	randfuncsN    = flag.Int("randfuncs.n", 50, "how many random functions TestRandomFuncs compiles and checks (with VSSA_LONG=1: randfuncsLong)")
	randfuncsSeed = flag.Uint64("randfuncs.seed", 1, "the seed of TestRandomFuncs' series of functions (default: from the clock; 1 with VSSA_LONG=1)")
	randfuncsDir  = flag.String("randfuncs.dir", "", "write TestRandomFuncs' module to this directory and keep it (default: a temporary directory)")
)

// randfuncsLong is how many random functions TestRandomFuncs checks with
// VSSA_LONG=1 (see internal/testlong), from -randfuncs.seed.
const randfuncsLong = 500

// TestRandomFuncs compiles -randfuncs.n random functions
// (randfuncs_gen_test.go) of the series -randfuncs.seed in a module of
// their own, and runs go vet and the generated equivalence tests there.
// A function refused as unsupported is skipped (more than a fifth
// refused means the generator leaves the subset); any other error of
// Compile, any vet report and any difference between a function and its
// Go original fails, with the function's source.
//
// The default 50 functions cost 2 to 5 s on two cores, of a series
// from the clock, a new one in every run (logged, and replayed with
// -randfuncs.seed); VSSA_LONG=1 checks randfuncsLong functions of series
// 1. Run more with -randfuncs.n=500, and keep the module to look at
// with -randfuncs.dir.
func TestRandomFuncs(t *testing.T) {
	// The functions refused stay in r.go, which nothing calls on amd64.
	checkUncompiled = false
	defer func() { checkUncompiled = true }()
	n := *randfuncsN
	if testlong.Enabled() && !testlong.FlagSet("randfuncs.n") {
		n = randfuncsLong
	}
	if testing.Short() {
		t.Skipf("-short: compiles %d random functions and builds and runs their generated tests", n)
	}
	if n <= 0 {
		t.Skip("-randfuncs.n=0: no random functions asked for")
	}
	seed := testlong.Seed(t, "randfuncs.seed", *randfuncsSeed)
	srcs := map[string]string{}
	var names, texts []string
	for i := range n {
		name := fmt.Sprintf("F%d", i)
		if i%5 == 2 && i%4 != 3 {
			// A method of *S, named (*S).Mk (randfuncs_calls_test.go).
			name = fmt.Sprintf("M%d", i)
		}
		src := rfFunction(seed, uint64(i), name)
		name = rfMethodName(name)
		srcs[name] = rfFormatFunc(src)
		names = append(names, name)
		texts = append(texts, src)
		if i%4 == 3 {
			// A caller, compiled with it: calls between compiled
			// functions, inlined or not (calls.go, inline.go).
			caller := fmt.Sprintf("C%d", i)
			csrc, err := rfCaller(src, caller, name)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, src)
			}
			srcs[caller] = rfFormatFunc(csrc)
			names = append(names, caller)
			texts = append(texts, csrc)
		}
	}
	file, err := rfFile("r", texts)
	if err != nil {
		t.Fatalf("the generator wrote a file that does not parse: %v\n%s", err, strings.Join(texts, "\n"))
	}
	dir := *randfuncsDir
	if dir == "" {
		dir = t.TempDir()
	} else {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		dir, err = filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"r_amd64.s", "r_amd64.go", "r_vssa_test.go"} {
			os.Remove(filepath.Join(dir, name))
		}
	}
	files := map[string]string{
		"go.mod":   "module example.com/r\n\ngo 1.24\n",
		"types.go": rfTypesFile("r"),
		"r.go":     string(file),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}

	out, compiled, refused, broken := rfCompile(dir, names)
	reasons := map[string]int{}
	for _, msg := range refused {
		reasons[rfReason(msg)]++
	}
	t.Logf("seed %d: %d functions, %d compiled, %d refused, %d not compiled for another error", seed, len(names), len(compiled), len(refused), len(broken))
	for _, r := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("refused %d× for %s", reasons[r], r)
	}
	if len(refused)*5 > len(names) {
		t.Errorf("%d of %d functions refused: the generator leaves the subset", len(refused), len(names))
	}
	for _, name := range slices.Sorted(maps.Keys(broken)) {
		t.Errorf("%s: Compile: %s\n%s", name, broken[name], srcs[name])
	}
	if out == nil {
		return
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}

	if b, err := rfGo(dir, "vet", "."); err != nil {
		blamed := rfBlame(b, compiled, rfNames)
		t.Errorf("go vet: %v\n%s", err, b)
		for _, name := range blamed {
			t.Errorf("%s (go vet):\n%s", name, srcs[name])
		}
	}
	// The timeout only guards against a hang (a function that hangs is
	// then found by the one-by-one runs below). Idle, the package's test
	// takes about a minute; at load 45-60 on 2 cores it passed 5m, and
	// the timeout was reported as a failure although every function
	// agreed alone.
	b, err := rfGo(dir, "test", "-count=1", "-timeout=20m", ".")
	if err == nil {
		t.Logf("%d functions agree with their Go originals", len(compiled))
		return
	}
	failed := rfBlame(b, compiled, regexp.MustCompile(`--- FAIL: (?:Test|Fuzz)VSSA([FC]\d+|S_M\d+)\b`))
	if len(failed) == 0 {
		// A crash or a hang: its trace names the function, or each
		// function runs alone.
		failed = rfBlame(b, compiled, regexp.MustCompile(`(?:TestVSSA|FuzzVSSA|vssaRCheck|vssaRRef)([FC]\d+|S_M\d+)\b`))
	}
	if len(failed) == 0 {
		for _, name := range compiled {
			if _, err := rfGo(dir, "test", "-count=1", "-timeout=2m", "-run=^(Test|Fuzz)VSSA"+rfTestName(name)+"$", "."); err != nil {
				failed = append(failed, name)
			}
		}
	}
	if len(failed) == 0 {
		t.Errorf("go test: %v, but each function alone passes\n%s", err, b)
		return
	}
	t.Errorf("go test: %d of %d functions differ from their Go originals (function Fk is the same for -randfuncs.seed=%d and any -randfuncs.n > k)", len(failed), len(compiled), seed)
	for _, name := range failed {
		t.Errorf("%s:\n%s\n%s", name, rfLinesAbout(b, name), srcs[name])
	}
}

// rfCompile compiles the functions names in dir, leaving out those
// Compile refuses (name → error) and those it fails on otherwise.
func rfCompile(dir string, names []string) (out *Output, compiled []string, refused, broken map[string]string) {
	refused, broken = map[string]string{}, map[string]string{}
	todo := slices.Clone(names)
	blame := regexp.MustCompile(`(\(\*S\)\.M\d+|\b[FC]\d+): `)
	for len(todo) > 0 {
		out, err := rfTryCompile(dir, todo)
		if err == nil {
			return out, todo, refused, broken
		}
		var culprits []string
		var panicked *rfPanic
		if m := blame.FindStringSubmatch(err.Error()); m != nil && slices.Contains(todo, m[1]) && !errors.As(err, &panicked) {
			culprits = []string{m[1]}
			into := refused
			if !strings.Contains(err.Error(), "unsupported:") {
				into = broken
			}
			into[m[1]] = err.Error()
			if caller := "C" + strings.TrimPrefix(m[1], "F"); into[m[1]] == refused[m[1]] && slices.Contains(todo, caller) {
				// Its caller calls it by name: not without it.
				culprits = append(culprits, caller)
				refused[caller] = err.Error()
			}
		} else {
			// A panic, or an error that names no function: each alone.
			for _, name := range todo {
				if _, err := rfTryCompile(dir, []string{name}); err != nil {
					culprits = append(culprits, name)
					if strings.Contains(err.Error(), "unsupported:") && !errors.As(err, &panicked) {
						refused[name] = err.Error()
					} else {
						broken[name] = err.Error()
					}
				}
			}
			if len(culprits) == 0 {
				broken[strings.Join(todo, ",")] = "together (each compiles alone): " + err.Error()
				return nil, nil, refused, broken
			}
		}
		todo = slices.DeleteFunc(todo, func(n string) bool { return slices.Contains(culprits, n) })
	}
	return nil, nil, refused, broken
}

// rfCaller returns a function named caller with the signature of the
// function src declares, callee, that calls it twice with its own
// arguments and returns what the second call returns: what the callee
// writes through its arguments, it writes twice, and a panic of the
// first call is the caller's.
func rfCaller(src, caller, callee string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package r\n\n"+src, parser.SkipObjectResolution)
	if err != nil {
		return "", err
	}
	decl := f.Decls[0].(*ast.FuncDecl)
	var args []string
	for _, field := range decl.Type.Params.List {
		for _, n := range field.Names {
			args = append(args, n.Name)
		}
	}
	const pkg = len("package r\n\n")
	offset := func(p token.Pos) int { return int(p-f.Package) - pkg }
	header := src[offset(decl.Pos()):offset(decl.Body.Lbrace)]
	call := callee + "(" + strings.Join(args, ", ") + ")"
	body := "\t" + call + "\n\t" + call + "\n"
	if decl.Type.Results != nil {
		body = "\t" + call + "\n\treturn " + call + "\n"
	}
	return "func " + caller + strings.TrimPrefix(header, "func "+callee) + "{\n" + body + "}\n", nil
}

type rfPanic struct{ msg string }

func (p *rfPanic) Error() string { return p.msg }

// rfTryCompile compiles names in dir, a panic of the compiler made an
// error.
func rfTryCompile(dir string, names []string) (out *Output, err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := string(debug.Stack())
			// From the panic to the call of Compile.
			if i := strings.Index(stack, "\npanic("); i >= 0 {
				stack = stack[i+1:]
			}
			if i := strings.Index(stack, "native.rfTryCompile("); i >= 0 {
				stack = stack[:strings.LastIndex(stack[:i], "\n")+1]
			}
			out, err = nil, &rfPanic{fmt.Sprintf("the compiler panics: %v\n%s", r, stack)}
		}
	}()
	return Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "r"), Funcs: names, Inlinable: true})
}

// rfGo runs the go command in dir, offline.
func rfGo(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off")
	b, err := cmd.CombinedOutput()
	return string(b), err
}

// rfBlame returns the functions among names whose tests' names
// (rfTestName) re's first group matches in out, in order.
func rfBlame(out string, names []string, re *regexp.Regexp) []string {
	seen := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		if slices.Contains(names, m[1]) {
			seen[m[1]] = true
		}
	}
	var blamed []string
	for _, n := range names {
		if seen[rfTestName(n)] {
			blamed = append(blamed, n)
		}
	}
	return blamed
}

// rfLinesAbout returns the lines of out that name the function name.
func rfLinesAbout(out, name string) string {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(rfTestName(name)) + `\b`)
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if re.MatchString(l) {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return out
	}
	return strings.Join(lines, "\n")
}

// rfReason returns what a refusal names: the text after "unsupported: ".
func rfReason(msg string) string {
	if _, r, ok := strings.Cut(msg, "unsupported: "); ok {
		return r
	}
	return msg
}
