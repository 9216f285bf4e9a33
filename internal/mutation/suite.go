// This file defines a suite and runs it: honest results, mutants, and
// the runs that tell whether an accepted mutant changes behaviour.

package mutation

import (
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/testlong"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Suite is the mutation suite of one pass: H is the type of its hints,
// C what its kinds know about one honest result.
type Suite[H, C any] struct {
	Pass string // the pass's name, for reports

	// Builders make the honest results: the pass, or passes that share
	// its validator and hints (mem2reg's two builders).
	Builders []Builder[H]
	// Prepare makes a function of a program the pass's input (mem2reg's
	// is normalize's result), or returns nil for a function that is not
	// one.
	Prepare  func(f *ir.Func) *ir.Func
	Out      ir.Discipline // the form of the results
	Validate func(before, after *ir.Func, h H) error
	// CloneHints returns a deep copy of hints, for a mutant to change.
	CloneHints func(H) H
	// HintsString prints hints, so that a mutant that changes nothing
	// is recognised and left out.
	HintsString func(H) string
	// Context gathers what the kinds need to know about one honest
	// result, once per kind.
	Context func(c *Case[H]) C
	Kinds   []Kind[H, C]

	MinKinds   int           // the suite fails with fewer kinds
	MaxPerKind int           // mutants of one kind per honest result (default 6)
	Programs   []ProgramFile // default Corpus()

	// Seed is mixed into the choice of each kind's sites: 0, the full
	// suite's, picks the same sites in every run; Test's sample of
	// mutants picks others in every run.
	Seed int64
}

// Builder is a named maker of honest results.
type Builder[H any] struct {
	Name string
	Run  func(*ir.Func) (*ir.Func, H, error)
}

// Case is one honest result, for the kinds to mutate.
type Case[H any] struct {
	In    *ir.Func // the pass's input
	Out   *ir.Func // the honest result
	Hints H
	Rng   *rand.Rand // seeded by the program, function, builder and kind

	cloneHints func(H) H
}

// Clone returns deep copies of the honest result and its hints: a
// mutant's own, to change.
func (c *Case[H]) Clone() (*ir.Func, H) { return c.Out.Clone(), c.cloneHints(c.Hints) }

// Kind is one kind of mutation.
type Kind[H, C any] struct {
	Name string
	Doc  string
	// Sites lists the places of one honest result where the kind
	// applies. Building a mutant is left to the site, so that listing
	// stays cheap.
	Sites func(ctx C) []Site[H]
}

// Site is one place where a kind applies: Build makes the mutant, or
// returns false if the place turns out not to apply.
type Site[H any] struct {
	What  string
	Build func() (*ir.Func, H, bool)
}

// mutationSeed replays the sample of mutants of a run of Test.
var mutationSeed = flag.Uint64("mutation.seed", 0, "the seed of the mutation suite's sample of mutants (default: from the clock; 0 with VSSA_LONG=1, all of them)")

// samplePerKind is MaxPerKind in the default run of Test: a third of
// the full suite's mutants of a kind with many sites (and all of the
// kinds with few), other ones in every run; VSSA_LONG=1 runs the full
// suite (see internal/testlong).
const samplePerKind = 2

// defaultPerKind is MaxPerKind's default, sampleOneIn the rate at
// which rejected mutants are run, and maxShown how many failures are
// reported in full.
const (
	defaultPerKind = 6
	sampleOneIn    = 32
	maxShown       = 5
)

// Test runs the suite and fails t for every problem found: an honest
// result rejected or behaving differently, an accepted mutant behaving
// differently, a validator that panics, a kind that generates nothing,
// fewer kinds than MinKinds. It logs the table of counts (and prints it
// with -v).
//
// By default it checks samplePerKind mutants of each kind per honest
// result, chosen by a seed that changes with every run (logged, replayed
// with -mutation.seed); with VSSA_LONG=1 it checks MaxPerKind of them,
// the same in every run.
func (s *Suite[H, C]) Test(t *testing.T) {
	run := *s
	if run.MaxPerKind == 0 {
		run.MaxPerKind = defaultPerKind
	}
	run.MaxPerKind = testlong.Size(min(samplePerKind, run.MaxPerKind), run.MaxPerKind)
	run.Seed = int64(testlong.Seed(t, "mutation.seed", *mutationSeed))
	res, err := run.Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	report := res.Report(s.kindNames())
	t.Log(report)
	if testing.Verbose() {
		fmt.Print(report)
	}
	for _, sk := range res.Skipped {
		t.Logf("skipped: %s", sk)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	if len(s.Kinds) < s.MinKinds {
		t.Errorf("%d mutation kinds, want at least %d", len(s.Kinds), s.MinKinds)
	}
	for _, k := range s.Kinds {
		st := res.Kinds[k.Name]
		switch {
		case st.Generated > 0:
		case len(res.Skipped) > 0:
			// Part of the corpus is missing here (GOROOT/test under a
			// toolchain GOTOOLCHAIN downloaded: Go 1.27 in .ci/run's
			// third stage), and some kinds find their only targets in
			// it (gvn's gamma-merge): said, not failed; the first
			// stage, with the whole corpus, fails on it.
			t.Logf("kind %s generated no mutant, with %d corpus programs skipped", k.Name, len(res.Skipped))
		default:
			t.Errorf("kind %s generated no mutant", k.Name)
		}
	}
}

func (s *Suite[H, C]) kindNames() []string {
	var names []string
	for _, k := range s.Kinds {
		names = append(names, k.Name)
	}
	return names
}

// Evaluate runs the suite and returns its counts and problems.
func (s *Suite[H, C]) Evaluate() (*Results, error) {
	start := time.Now()
	files := s.Programs
	if files == nil {
		var err error
		if files, err = Corpus(); err != nil {
			return nil, err
		}
	}
	res := &Results{Pass: s.Pass, Kinds: map[string]*KindStats{}, Honest: map[string]int{}}
	for _, k := range s.Kinds {
		res.Kinds[k.Name] = &KindStats{Rules: map[string]int{}}
	}
	for _, b := range s.Builders {
		res.Honest[b.Name] = 0
		res.Builders = append(res.Builders, b.Name)
	}
	stdout, err := captureStdout()
	if err != nil {
		return nil, err
	}
	r := &runner{stdout: stdout, res: res}
	// Programs are independent: they load and run in parallel (their
	// runs take turns).
	var wg sync.WaitGroup
	work := make(chan ProgramFile)
	var loadErr error
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pf := range work {
				p, err := r.load(pf)
				var skip *errSkip
				switch {
				case errors.As(err, &skip):
					r.skip(pf.Name + ": " + skip.why)
					continue
				case err != nil:
					r.mu.Lock()
					loadErr = fmt.Errorf("%s: %v", pf.Name, err)
					r.mu.Unlock()
					continue
				}
				for _, f := range p.funcs {
					s.checkFunc(r, p, f)
				}
			}
		}()
	}
	for _, pf := range files {
		work <- pf
	}
	close(work)
	wg.Wait()
	stdout.restore()
	res.Runs = r.runs.Load()
	res.Elapsed = time.Since(start)
	return res, loadErr
}

// runner is the state of one evaluation that its programs share.
type runner struct {
	stdout *stdoutCapture
	runs   atomic.Int64

	mu  sync.Mutex // guards res
	res *Results
}

func (r *runner) skip(why string) {
	r.mu.Lock()
	r.res.Skipped = append(r.res.Skipped, why)
	r.mu.Unlock()
}

// problem records a failure; the first few in full.
func (r *runner) problem(short, long string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.res.Problems) < maxShown {
		short += long
	}
	r.res.Problems = append(r.res.Problems, short)
}

// checkFunc checks every builder's honest result of f and its mutants.
func (s *Suite[H, C]) checkFunc(r *runner, p *program, f *ir.Func) {
	in := s.Prepare(f)
	if in == nil {
		return
	}
	executed := r.executes(p, f)
	for _, b := range s.Builders {
		s.checkResult(r, p, in, b, executed)
	}
}

// checkResult checks one builder's honest result on in, then its
// mutants. executed says whether the program is seen to call in.
func (s *Suite[H, C]) checkResult(r *runner, p *program, in *ir.Func, b Builder[H], executed bool) {
	where := fmt.Sprintf("%s: %s (%s)", p.name, in.Name, b.Name)
	g, h, err := b.Run(in)
	if err != nil {
		r.problem(fmt.Sprintf("%s: %s failed: %v", where, s.Pass, err), "")
		return
	}
	if err := s.Validate(in, g, h); err != nil {
		r.problem(fmt.Sprintf("%s: the honest result is rejected: %v", where, err),
			fmt.Sprintf("\ninput:\n%s\nresult:\n%s", in.Format(ir.PrintOptions{}), g.Format(ir.PrintOptions{})))
		return
	}
	if diff := goroot.Compare(p.want, r.run(p, p.with(g), fullLimits)); diff != "" {
		r.problem(fmt.Sprintf("%s: the program behaves differently with the honest result: %s", where, diff),
			fmt.Sprintf("\nresult:\n%s", g.Format(ir.PrintOptions{})))
		return
	}
	r.mu.Lock()
	r.res.Honest[b.Name]++
	r.mu.Unlock()

	honest := s.print(g, h)
	maxPerKind := s.MaxPerKind
	if maxPerKind == 0 {
		maxPerKind = defaultPerKind
	}
	for _, k := range s.Kinds {
		c := &Case[H]{In: in, Out: g, Hints: h, Rng: rand.New(rand.NewSource(seed(p.name, in.Name, b.Name, k.Name) ^ s.Seed)), cloneHints: s.CloneHints}
		sites := k.Sites(s.Context(c))
		c.Rng.Shuffle(len(sites), func(i, j int) { sites[i], sites[j] = sites[j], sites[i] })
		made := 0
		for _, st := range sites {
			if made == maxPerKind {
				break
			}
			mg, mh, ok := st.Build()
			if !ok || s.print(mg, mh) == honest {
				continue // not applicable, or no change at all
			}
			made++
			s.checkMutant(r, p, in, k.Name, b.Name+": "+st.What, mg, mh, executed)
		}
	}
}

// print is a result with its hints, to recognise mutants that change
// nothing.
func (s *Suite[H, C]) print(g *ir.Func, h H) string {
	return g.String() + "\n" + s.HintsString(h)
}

// checkMutant asks the validator about one mutant and, if it accepts,
// runs the program with it.
func (s *Suite[H, C]) checkMutant(r *runner, p *program, in *ir.Func, kind, what string, g *ir.Func, h H, executed bool) {
	err, crash := s.validateSafely(in, g, h)
	if err == nil && crash == nil {
		// What the pass manager would use: the validator's and the IR
		// checker's acceptance.
		err = ir.CheckStructure(g, s.Out)
	}
	where := fmt.Sprintf("%s: %s: mutation %s (%s)", p.name, in.Name, kind, what)
	st := r.res.Kinds[kind]
	if crash != nil {
		r.mu.Lock()
		st.Generated++
		st.Crashed++
		r.mu.Unlock()
		r.problem(fmt.Sprintf("%s: the validator panicked: %v", where, crash), fmt.Sprintf("\nmutant:\n%s", g.Format(ir.PrintOptions{})))
		return
	}
	if err != nil {
		rule := "other"
		var ve *validate.Error
		var ce ir.CheckErrors
		switch {
		case errors.As(err, &ve):
			rule = ve.Validator + "/" + string(ve.Rule)
		case errors.As(err, &ce):
			rule = "checker/" + ce[0].Rule
		}
		r.mu.Lock()
		st.Generated++
		st.Rejected++
		st.Rules[rule]++
		r.mu.Unlock()
		// A sample of the rejected mutants that are well-formed and sit
		// in a function the program calls is run too: most of them must
		// change the behaviour, or the comparison would prove nothing.
		if executed && p.sampleable && seed(p.name, in.Name, kind, what)%sampleOneIn == 0 && !strings.HasPrefix(rule, "checker/") && ir.CheckStructure(g, s.Out) == nil {
			differs := goroot.Compare(p.want, r.run(p, p.with(g), sampleLimits)) != ""
			r.mu.Lock()
			st.Sampled++
			if differs {
				st.SampledDiffer++
			}
			r.mu.Unlock()
		}
		return
	}
	got := r.run(p, p.with(g), fullLimits)
	diff := goroot.Compare(p.want, got)
	r.mu.Lock()
	st.Generated++
	if diff == "" {
		st.Equivalent++
		if executed {
			st.Executed++
		}
		r.mu.Unlock()
		return
	}
	st.Different++
	r.mu.Unlock()
	r.problem(fmt.Sprintf("%s: accepted by the validator, but the program behaves differently: %s", where, diff),
		fmt.Sprintf("\n--- mutant stderr:\n%s\n--- input:\n%s\n--- mutant:\n%s", got.Stderr, strings.TrimSpace(in.Format(ir.PrintOptions{})), g.Format(ir.PrintOptions{})))
}

// validateSafely runs the validator, turning a panic into a value.
func (s *Suite[H, C]) validateSafely(in, g *ir.Func, h H) (err error, crash any) {
	defer func() {
		if r := recover(); r != nil {
			crash = r
		}
	}()
	return s.Validate(in, g, h), nil
}

// seed is a random seed fixed by parts, and independent of the order in
// which the work is done.
func seed(parts ...string) int64 {
	h := fnv.New64a()
	for _, s := range parts {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return int64(h.Sum64() >> 1)
}
