// This file is the mutation suite of the mem2reg validator: it takes
// the honest mem2reg result of every function of the bridge corpus and
// of a dozen GOROOT programs, mutates it in the ways mutants_test.go
// defines, and asks validate.Mem2Reg about every mutant. A rejected
// mutant is what the validator is for; an accepted one must be
// equivalent, which the suite decides by running the whole program with
// the mutant in place under the reference interpreter and comparing its
// output and exit status with the original program's.

package mem2reg

import (
	"bytes"
	"errors"
	"fmt"
	"go/constant"
	"go/types"
	"hash/fnv"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/interp"
	"github.com/vssa-go/vssa/ir/interp/stdlib"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// Limits that keep the suite fast.
const (
	// maxPerKind caps the mutants of one kind in one function; sites are
	// picked at random (fixed seed) when there are more.
	maxPerKind = 6
	// sampleOneIn is the rate at which rejected mutants are sampled.
	sampleOneIn = 32
	// maxShown is how many failing mutants are printed in full.
	maxShown = 5
)

// runLimits bound one interpreted run: in branches and calls (a mutant may
// loop forever) and in wall time (it may block forever). A run cut short
// leaves its goroutines behind, and one that loops goes on until the
// step limit, so sampled runs get tighter limits; a program is sampled
// only if its original run fits in them.
type runLimits struct {
	steps   int64
	timeout time.Duration
}

var (
	fullLimits   = runLimits{5_000_000, 10 * time.Second} // the original, the honest and the accepted mutants
	sampleLimits = runLimits{500_000, time.Second}        // sampled rejected mutants
)

// gorootPrograms are the GOROOT test programs of goroot.Sample the suite
// uses: ones that neither call os.Exit nor crash goroutines (the
// interpreter runs in the test process), with loops and local variables
// (phis and promotions), defer and recover.
var gorootPrograms = []string{
	"235.go", "complit.go", "convT2X.go", "ddd.go", "defer.go", "escape.go",
	"ken/range.go", "ken/rob2.go", "map.go", "recover2.go", "utf.go", "zerodivide.go",
}

// testProgram is one loaded program with the outcome of its original run.
type testProgram struct {
	name string
	prog *bridge.Program
	main string // package path of main
	want goroot.Output

	// The module's functions and declarations after the original run.
	// Runs use copies of them: the bridge translates methods lazily into
	// its module when a run asks for them, and a run cut short may go on
	// doing so in the background.
	funcs   []*ir.Func
	globals map[string]types.Type
	externs map[string]*types.Signature

	sampleable bool // the original run fits in the sample limits
}

// kindStats counts the mutants of one kind.
type kindStats struct {
	generated, rejected, equivalent, different, crashed int

	executed               int            // equivalent mutants of functions the program calls
	sampled, sampledDiffer int            // rejected mutants run, and those that behaved differently
	rules                  map[string]int // rejections by check/rule
}

// suite gathers the counts of the whole run.
type suite struct {
	mu      sync.Mutex
	stats   map[string]*kindStats
	results map[string]int // honest results checked, per builder
	runs    atomic.Int64
	stdout  *stdoutCapture
	skipped []string
	shown   int
}

func TestMutation(t *testing.T) {
	start := time.Now()
	s := &suite{stats: map[string]*kindStats{}, results: map[string]int{}}
	for _, k := range mutationKinds {
		s.stats[k.name] = &kindStats{rules: map[string]int{}}
	}
	files := programFiles(t)
	s.stdout = captureStdout(t)
	// Programs are independent: check them in parallel (their runs take
	// turns).
	t.Run("programs", func(t *testing.T) {
		for _, pf := range files {
			t.Run(pf.name, func(t *testing.T) {
				t.Parallel()
				p := loadProgram(t, s, pf)
				if p == nil {
					return
				}
				s.checkProgram(t, p)
			})
		}
	})
	s.stdout.restore()
	table := s.table()
	head := fmt.Sprintf("mem2reg validator mutation suite: honest results of %d functions by cytron and %d by braun, %d interpreted runs, %v",
		s.results["cytron"], s.results["braun"], s.runs.Load(), time.Since(start).Round(time.Millisecond))
	t.Logf("%s\n%s", head, table)
	if testing.Verbose() {
		fmt.Fprintf(os.Stdout, "%s\n%s", head, table)
	}
	for _, sk := range s.skipped {
		t.Logf("skipped: %s", sk)
	}
	if len(mutationKinds) < 12 {
		t.Errorf("%d mutation kinds, want at least 12", len(mutationKinds))
	}
	for _, k := range mutationKinds {
		st := s.stats[k.name]
		if st.generated == 0 {
			t.Errorf("kind %s generated no mutant", k.name)
		}
		if st.generated != st.rejected+st.equivalent {
			t.Errorf("kind %s: %d generated != %d rejected + %d equivalent (%d accepted with a different behaviour, %d crashed the validator)",
				k.name, st.generated, st.rejected, st.equivalent, st.different, st.crashed)
		}
	}
}

type programFile struct {
	name string
	cfg  bridge.Config
	path string
}

// programFiles lists the corpus programs and the GOROOT ones.
func programFiles(t *testing.T) []programFile {
	corpus, err := filepath.Glob("../../bridge/testdata/corpus/*.go")
	if err != nil || len(corpus) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var out []programFile
	for _, f := range corpus {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, programFile{"corpus/" + filepath.Base(f), bridge.Config{}, abs})
	}
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tc.GOROOT, "test")
	cfg := bridge.Config{Dir: dir, Env: append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")}
	for _, name := range gorootPrograms {
		if !slices.Contains(goroot.Sample, name) {
			t.Errorf("%s is not in goroot.Sample", name)
			continue
		}
		out = append(out, programFile{"goroot/" + name, cfg, filepath.Join(dir, filepath.FromSlash(name))})
	}
	return out
}

// loadProgram loads a program and runs it once as it is; it returns nil
// (after noting why) for programs unsuitable for in-process runs.
func loadProgram(t *testing.T, s *suite, pf programFile) *testProgram {
	if _, err := os.Stat(pf.path); err != nil {
		t.Fatalf("%s: %v", pf.name, err)
	}
	prog, err := bridge.Load(pf.cfg, pf.path)
	if err != nil {
		t.Fatalf("%s: %v", pf.name, err)
	}
	p := &testProgram{name: pf.name, prog: prog, main: prog.Packages[0].Pkg.Path()}
	skip := func(why string) *testProgram {
		s.mu.Lock()
		s.skipped = append(s.skipped, pf.name+": "+why)
		s.mu.Unlock()
		t.Logf("skipped: %s", why)
		return nil
	}
	if _, ok := prog.Module.Externs["os.Exit"]; ok {
		return skip("calls os.Exit")
	}
	// The first run uses the module itself: the bridge translates the
	// methods that dynamic calls need on the way.
	p.want = p.run(s, prog.Module, fullLimits)
	p.funcs = slices.Clone(prog.Module.Funcs)
	p.globals = maps.Clone(prog.Module.Globals)
	p.externs = maps.Clone(prog.Module.Externs)
	if again := p.run(s, p.with(nil), fullLimits); goroot.Compare(p.want, again) != "" {
		return skip("not deterministic: " + goroot.Compare(p.want, again))
	}
	if p.want.ExitCode == interp.ExitUndefined || p.want.ExitCode == interp.ExitUnsupported || p.want.ExitCode < 0 {
		return skip(fmt.Sprintf("the original run ends with status %d:\n%s", p.want.ExitCode, p.want.Stderr))
	}
	p.sampleable = goroot.Compare(p.want, p.run(s, p.with(nil), sampleLimits)) == ""
	return p
}

// with returns a copy of the program's module with f (if not nil) in
// place of the function of the same name. The functions are shallow
// copies, so that Module.Add, which sets their module, leaves the
// program's own functions alone.
func (p *testProgram) with(f *ir.Func) *ir.Module {
	m := ir.NewModule()
	m.Fset = p.prog.Module.Fset
	m.Globals = p.globals
	m.Externs = p.externs
	for _, g := range p.funcs {
		m.Add(g.ShallowClone())
	}
	if f != nil {
		m.Add(f.ShallowClone())
	}
	return m
}

// run interprets the program's init and main in module m and returns its
// output. A goroutine crash ends the run with the crash's status, as it
// ends a Go process; a run that outlives its time limit (a deadlock,
// which Go's detector cannot see inside the test process) gets status -1.
func (p *testProgram) run(s *suite, m *ir.Module, lim runLimits) goroot.Output {
	s.runs.Add(1)
	s.stdout.turn.Lock()
	defer s.stdout.turn.Unlock()
	s.stdout.cut() // drop what goroutines left behind by earlier runs wrote
	var stdout, stderr syncBuffer
	exited := make(chan int, 1)
	it := interp.New(m, interp.Options{
		Stderr:  &stderr,
		Methods: p.prog.Method, Externs: stdlib.Table{}, LookupType: p.prog.LookupType,
		StepLimit: lim.steps,
		Exit: func(status int) {
			select {
			case exited <- status:
			default:
			}
			runtime.Goexit() // only this goroutine: the test process goes on
		},
	})
	done := make(chan int, 1)
	go func() {
		defer func() {
			// The interpreter's own reporting may panic (a panic value
			// whose Error method panics): an internal error.
			if r := recover(); r != nil {
				fmt.Fprintf(&stderr, "mutation suite: the interpreter panicked: %v\n", r)
				done <- interp.ExitUnsupported
			}
		}()
		done <- it.RunMain(p.main+".init", p.main+".main")
	}()
	var status int
	select {
	case status = <-done:
	case status = <-exited:
	case <-time.After(lim.timeout):
		stderr.WriteString("mutation suite: the run did not end within " + lim.timeout.String())
		status = -1
	}
	// Goroutines left behind may still write: their output is dropped.
	out := append(stdout.close(), s.stdout.cut()...)
	return goroot.Output{Stdout: out, Stderr: stderr.close(), ExitCode: status}
}

// stdoutCapture redirects the process's standard output to a pipe while
// the suite runs. The interpreter calls the standard library for real,
// and fmt.Printf and the like write to os.Stdout, not to
// interp.Options.Stdout; so runs take turns (turn), and each takes what
// reached the pipe between two markers.
type stdoutCapture struct {
	turn sync.Mutex // held for a whole run

	orig, r, w *os.File
	done       chan struct{} // closed when the reader stops
	n          int           // markers written

	mu   sync.Mutex
	cond *sync.Cond // signalled when buf grows
	buf  []byte     // read from the pipe, not yet cut
}

func captureStdout(t *testing.T) *stdoutCapture {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &stdoutCapture{orig: os.Stdout, r: r, w: w, done: make(chan struct{})}
	c.cond = sync.NewCond(&c.mu)
	go func() {
		defer close(c.done)
		b := make([]byte, 32<<10)
		for {
			n, err := r.Read(b)
			c.mu.Lock()
			c.buf = append(c.buf, b[:n]...)
			c.cond.Broadcast()
			c.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	os.Stdout = w
	return c
}

// restore puts the process's standard output back.
func (c *stdoutCapture) restore() {
	os.Stdout = c.orig
	c.w.Close()
	<-c.done
	c.r.Close()
}

// cut returns what reached the pipe since the previous cut: it writes a
// marker and waits for the reader to see it (the pipe keeps the order of
// writes). The caller holds turn.
func (c *stdoutCapture) cut() []byte {
	c.n++
	marker := fmt.Appendf(nil, "\x00mutation suite marker %d\x00", c.n)
	if _, err := c.w.Write(marker); err != nil {
		panic(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		if i := bytes.Index(c.buf, marker); i >= 0 {
			out := bytes.Clone(c.buf[:i])
			c.buf = append(c.buf[:0], c.buf[i+len(marker):]...)
			return out
		}
		c.cond.Wait()
	}
}

// syncBuffer is an output buffer that goroutines left running after the
// end of a run may still write to.
type syncBuffer struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	closed bool
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.buf.Write(p)
	}
	return len(p), nil
}

func (b *syncBuffer) WriteString(s string) { b.Write([]byte(s)) }

// close returns the contents and drops later writes.
func (b *syncBuffer) close() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	return bytes.Clone(b.buf.Bytes())
}

// checkProgram checks every function of p: its honest result, then its
// mutants.
func (s *suite) checkProgram(t *testing.T, p *testProgram) {
	for _, f := range p.funcs {
		s.checkFunc(t, p, f)
	}
}

// checkFunc checks one function: normalize and mem2reg are accepted, the
// SSA function behaves like the original, and every mutant is rejected
// or behaves the same.
func (s *suite) checkFunc(t *testing.T, p *testProgram, f *ir.Func) {
	n, nh, err := normalize.Run(f)
	if err != nil {
		t.Logf("%s: normalize: %v", f.Name, err)
		return
	}
	if err := validate.Normalize(f, n, nh); err != nil {
		t.Logf("%s: normalize result rejected: %v", f.Name, err)
		return
	}
	executed := p.executes(s, f)
	for _, b := range mutationBuilders {
		s.checkResult(t, p, f, n, b, executed)
	}
}

// builder is an SSA builder whose honest results are mutated.
type mutationBuilder struct {
	name string
	run  func(*ir.Func) (*ir.Func, *validate.Mem2RegHints, error)
}

var mutationBuilders = []mutationBuilder{{"cytron", Run}, {"braun", RunBraun}}

// checkResult checks one builder's honest result on the normalised
// function n, then its mutants. executed says whether the program is
// seen to call f.
func (s *suite) checkResult(t *testing.T, p *testProgram, f, n *ir.Func, b mutationBuilder, executed bool) {
	g, h, err := b.run(n)
	if err != nil {
		t.Errorf("%s: %s: mem2reg (%s): %v", p.name, f.Name, b.name, err)
		return
	}
	if err := validate.Mem2Reg(n, g, h); err != nil {
		t.Errorf("%s: %s: the honest mem2reg result (%s) is rejected: %v\ninput:\n%s\nresult:\n%s", p.name, f.Name, b.name, err, n.Format(ir.PrintOptions{}), g.Format(ir.PrintOptions{}))
		return
	}
	if diff := goroot.Compare(p.want, p.run(s, p.with(g), fullLimits)); diff != "" {
		t.Errorf("%s: %s: the program behaves differently with the honest mem2reg result (%s): %s\nresult:\n%s", p.name, f.Name, b.name, diff, g.Format(ir.PrintOptions{}))
		return
	}
	s.mu.Lock()
	s.results[b.name]++
	s.mu.Unlock()

	honest := fingerprint(g, h)
	for _, k := range mutationKinds {
		c := newMctx(n, g, h, rand.New(rand.NewSource(mutationSeed(p.name, f.Name, b.name, k.name))))
		sites := k.sites(c)
		c.rng.Shuffle(len(sites), func(i, j int) { sites[i], sites[j] = sites[j], sites[i] })
		made := 0
		for _, st := range sites {
			if made == maxPerKind {
				break
			}
			mg, mh, ok := st.build()
			if !ok || fingerprint(mg, mh) == honest {
				continue // not applicable, or no change at all
			}
			made++
			s.checkMutant(t, p, f, k.name, &mutant{b.name + ": " + st.what, mg, mh}, n, executed)
		}
	}
}

// checkMutant asks the validator about one mutant and, if it accepts,
// runs the program with it.
func (s *suite) checkMutant(t *testing.T, p *testProgram, f *ir.Func, kind string, m *mutant, n *ir.Func, executed bool) {
	err, crash := validateSafely(n, m.g, m.h)
	st := s.stats[kind]
	if crash != nil {
		s.mu.Lock()
		st.generated++
		st.crashed++
		s.mu.Unlock()
		t.Errorf("%s: %s: mutation %s (%s): validate.Mem2Reg panicked: %v\nmutant:\n%s", p.name, f.Name, kind, m.what, crash, m.g.Format(ir.PrintOptions{}))
		return
	}
	if err != nil {
		rule := "other"
		var ve *validate.Error
		if errors.As(err, &ve) {
			rule = ve.Validator + "/" + string(ve.Rule)
		}
		s.mu.Lock()
		st.generated++
		st.rejected++
		st.rules[rule]++
		s.mu.Unlock()
		// A sample of the rejected mutants that are well-formed and sit in
		// a function the program calls is run too: most of them must
		// change the behaviour, or the comparison would prove nothing.
		if executed && p.sampleable && sampled(p.name, f.Name, kind, m.what) && ir.Check(m.g, ir.SSA) == nil {
			differs := goroot.Compare(p.want, p.run(s, p.with(m.g), sampleLimits)) != ""
			s.mu.Lock()
			st.sampled++
			if differs {
				st.sampledDiffer++
			}
			s.mu.Unlock()
		}
		return
	}
	got := p.run(s, p.with(m.g), fullLimits)
	diff := goroot.Compare(p.want, got)
	s.mu.Lock()
	defer s.mu.Unlock()
	st.generated++
	if diff == "" {
		st.equivalent++
		if executed {
			st.executed++
		}
		return
	}
	st.different++
	s.shown++
	if s.shown > maxShown {
		t.Errorf("%s: %s: mutation %s (%s) accepted by the validator, but the program behaves differently: %s", p.name, f.Name, kind, m.what, diff)
		return
	}
	t.Errorf("%s: %s: mutation %s (%s) accepted by the validator, but the program behaves differently: %s\n--- mutant stderr:\n%s\n--- input:\n%s\n--- mutant:\n%s",
		p.name, f.Name, kind, m.what, diff, got.Stderr, strings.TrimSpace(n.Format(ir.PrintOptions{})), m.g.Format(ir.PrintOptions{}))
}

// validateSafely runs the validator, turning a panic into a value.
func validateSafely(n, g *ir.Func, h *validate.Mem2RegHints) (err error, crash any) {
	defer func() {
		if r := recover(); r != nil {
			crash = r
		}
	}()
	return validate.Mem2Reg(n, g, h), nil
}

// probeMessage is what the probe function panics with.
const probeMessage = "mutation suite probe"

// executes reports whether running the program calls f: with f replaced
// by a function that panics at once, its behaviour changes. (A program
// that recovers the panic silently hides a call; then f counts as not
// executed, so the count of executed functions is a lower bound.)
func (p *testProgram) executes(s *suite, f *ir.Func) bool {
	probe := ir.NewFunc(f.Name)
	probe.Results, probe.Variadic, probe.Pos, probe.Wrapper, probe.Module = f.Results, f.Variadic, f.Pos, f.Wrapper, f.Module
	for _, r := range f.Params {
		probe.Params = append(probe.Params, probe.NewReg(f.TypeOf(r)))
	}
	for _, r := range f.FreeVars {
		probe.FreeVars = append(probe.FreeVars, probe.NewReg(f.TypeOf(r)))
	}
	str := probe.NewReg(types.Typ[types.String])
	iface := probe.NewReg(types.Universe.Lookup("any").Type())
	probe.NewBlock().Instrs = []*ir.Instr{
		{Op: ir.OpConst, Dsts: []ir.Reg{str}, Aux: &ir.Aux{Const: constant.MakeString(probeMessage)}, Pos: f.Pos},
		{Op: ir.OpMakeInterface, Dsts: []ir.Reg{iface}, Args: []ir.Reg{str}, Pos: f.Pos},
		{Op: ir.OpPanic, Args: []ir.Reg{iface}, Pos: f.Pos},
	}
	if err := ir.Check(probe, ir.RTL); err != nil {
		panic(fmt.Sprintf("probe of %s is ill-formed: %v", f.Name, err))
	}
	return goroot.Compare(p.want, p.run(s, p.with(probe), fullLimits)) != ""
}

// sampled decides, by a hash (so independently of the order of the
// work), whether a rejected mutant is run.
func sampled(parts ...string) bool {
	return uint64(mutationSeed(parts...))%sampleOneIn == 0
}

// mutationSeed is the random seed of one kind in one function: fixed, and
// independent of the order in which functions are visited.
func mutationSeed(parts ...string) int64 {
	h := fnv.New64a()
	for _, s := range parts {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return int64(h.Sum64())
}

// fingerprint prints a result with its hints, to recognise mutants that
// change nothing.
func fingerprint(g *ir.Func, h *validate.Mem2RegHints) string {
	var sb strings.Builder
	sb.WriteString(g.String())
	fmt.Fprintf(&sb, "%v\n", h.SSA.Orig)
	fmt.Fprintf(&sb, "%v\n", h.Promote.Vars)
	return sb.String()
}

// table formats the per-kind counts.
func (s *suite) table() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-24s %9s %9s %10s %7s %9s  %s\n", "kind", "generated", "rejected", "equivalent", "(exec)", "rej.run", "rejected by (check/rule)")
	var tot kindStats
	for _, k := range mutationKinds {
		st := s.stats[k.name]
		fmt.Fprintf(&sb, "%-24s %9d %9d %10d %7d %9s  %s\n", k.name, st.generated, st.rejected, st.equivalent, st.executed,
			fmt.Sprintf("%d/%d", st.sampledDiffer, st.sampled), topRules(st.rules, 3))
		tot.generated += st.generated
		tot.rejected += st.rejected
		tot.equivalent += st.equivalent
		tot.executed += st.executed
		tot.different += st.different
		tot.sampled += st.sampled
		tot.sampledDiffer += st.sampledDiffer
	}
	fmt.Fprintf(&sb, "%-24s %9d %9d %10d %7d %9s\n", "total", tot.generated, tot.rejected, tot.equivalent, tot.executed,
		fmt.Sprintf("%d/%d", tot.sampledDiffer, tot.sampled))
	if tot.different > 0 {
		fmt.Fprintf(&sb, "accepted with a different behaviour: %d\n", tot.different)
	}
	sb.WriteString("(exec): equivalent mutants in functions the program is seen to call\n")
	sb.WriteString("rej.run: sampled rejected mutants (well-formed, in called functions) whose run differs / run\n")
	return sb.String()
}

// topRules lists the most frequent rejection rules.
func topRules(rules map[string]int, n int) string {
	names := slices.Collect(maps.Keys(rules))
	sort.Slice(names, func(i, j int) bool {
		if rules[names[i]] != rules[names[j]] {
			return rules[names[i]] > rules[names[j]]
		}
		return names[i] < names[j]
	})
	var parts []string
	for i, name := range names {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, rules[name]))
	}
	return strings.Join(parts, ", ")
}
