// This file is the pass manager: run, make sure the input is intact,
// validate, check, or fall back.

package passes

import (
	"fmt"
	"runtime/debug"

	"github.com/vssa-go/vssa/ir"
)

// Outcome of one pass on one function.
type Outcome int

const (
	Accepted  Outcome = iota // the result passed validation and the checker
	Rejected                 // the validator or the checker refused it; the input is kept
	Failed                   // the pass gave up (an error); the input is kept
	Crashed                  // the pass panicked; the input is kept
	Skipped                  // the function was not in the pass's input discipline
	Unchecked                // validation was off
	Corrupted                // the pass changed its input: the function is not to be used
)

var outcomeNames = [...]string{"accepted", "rejected", "failed", "crashed", "skipped", "unchecked", "corrupted"}

func (o Outcome) String() string { return outcomeNames[o] }

// Report says what one pass did to one function.
type Report struct {
	Pass    string
	Func    string
	Outcome Outcome
	Err     error  // why it was rejected, failed, crashed or corrupted
	Before  string // IR dumps, for rejected results
	After   string
}

func (r *Report) String() string {
	s := fmt.Sprintf("%s: %s: %s", r.Pass, r.Func, r.Outcome)
	if r.Err != nil {
		s += ": " + r.Err.Error()
	}
	return s
}

// Manager runs a pipeline on functions.
type Manager struct {
	Pipeline []*Pass
	// In is the form of the functions given to Run: RTL (the zero
	// value, the bridge's) unless a test starts a pass on SSA form.
	In ir.Discipline
	// NoValidate turns validation off (only to measure its cost): no
	// validator, no checker, no fingerprint of the input.
	NoValidate bool
}

// Run applies the pipeline to f and returns the function to use (f
// itself if every pass was refused) and a report per pass.
//
// The function must be well-formed in form m.In (RTL unless set) with
// its types: Run checks it fully first, unless the checker's verdict on
// it says so already (ir.Func.Verdict), and runs no pass otherwise.
//
// A pass may share its input's instructions in its result but never
// change its input: validators compare the result with the input, read
// the register counts the checker left on it, and skip what the two
// share; and the manager falls back on the input. So the manager
// compares the fingerprint of every function a pass took as input with
// the one in the checker's verdict on it, taken with the counts: once
// the last pass that takes it has run (the result of an accepted pass
// that differs from its input is the next input), or at the end. If one
// differs, a pass changed its input (that pass or a later one, which
// may share its instructions), or f changed after its verdict and
// before Run: what the validators accepted may rest on counts that no
// longer hold, and the fallback is gone, so the function can no longer
// be trusted. Run then returns nil, and the report of the first pass
// whose input changed is Corrupted. (Comparing each input once, not
// after each pass, reads it once however many passes return it
// unchanged; nothing a pass did is used before Run returns. A later
// pass that changes an instruction an earlier input shares changes its
// own input too, which is compared after it.)
//
// After a pass whose result differs from its input, the validator
// checks the result against the input (and that its types follow from
// the input's), then the manager runs the IR checker's structural rules
// on it, which leave the register counts the next pass's validator
// reads (after the last pass, nothing); if a later pass takes the
// result, the manager takes its fingerprint first. A result that is its input unchanged keeps the
// input's verdict.
func (m *Manager) Run(f *ir.Func) (*ir.Func, []*Report) {
	var reports []*Report
	v := f.Verdict()
	if v == nil || v.Discipline != m.In || !v.Types {
		if err := ir.Check(f, m.In); err != nil {
			for _, p := range m.Pipeline {
				reports = append(reports, &Report{Pass: p.Name, Func: f.Name, Outcome: Skipped, Err: fmt.Errorf("input is not well-formed: %v", err)})
			}
			return f, reports
		}
		v = f.Verdict()
	}
	// The inputs of the passes, with the fingerprints of their verdicts,
	// the reports of the first pass to take each, and whether they have
	// been compared (each once, after the last pass that takes it).
	type input struct {
		f           *ir.Func
		fingerprint uint64
		report      *Report
		compared    bool
	}
	var inputs []*input
	// intact compares the fingerprint of in with the one it had.
	intact := func(in *input) bool {
		same := in.f.Fingerprint() == in.fingerprint
		in.compared = true
		if !same {
			in.report.Outcome = Corrupted
			in.report.Err = fmt.Errorf("the input of %s changed after it was checked (%s, or a later pass sharing its instructions, changed it, or it changed before the passes ran): %s can no longer be trusted", in.report.Pass, in.report.Pass, f.Name)
		}
		return same
	}
	cur, form := f, m.In
	for i, p := range m.Pipeline {
		rep := &Report{Pass: p.Name, Func: f.Name}
		reports = append(reports, rep)
		next, takes := p.Takes(form)
		if !takes {
			rep.Outcome = Skipped
			rep.Err = fmt.Errorf("function is in %s form, %s takes %s", form, p.Name, p.In)
			continue
		}
		if len(inputs) == 0 || inputs[len(inputs)-1].f != cur {
			// The pipeline's input has the fingerprint of its full
			// check; a result taken as an input is fingerprinted now,
			// after its check, before the pass that takes it.
			fingerprint := v.Fingerprint
			if cur != f {
				fingerprint = cur.Fingerprint()
			}
			inputs = append(inputs, &input{f: cur, fingerprint: fingerprint, report: rep})
		}
		out, validate, err := applySafely(p, cur)
		if err != nil {
			rep.Outcome, rep.Err = failure(err), err
			continue
		}
		if m.NoValidate {
			rep.Outcome = Unchecked
			cur, form = out, next
			continue
		}
		err = validateSafely(p, validate)
		if err == nil && (out != cur || next != form) {
			// Validators check structure too; this is the manager's own
			// check, which does not depend on any validator being right.
			// What it leaves (counts, verdict) serves a later pass only.
			err = ir.CheckWith(out, next, ir.CheckOptions{Forget: i == len(m.Pipeline)-1})
		}
		if err != nil {
			rep.Outcome, rep.Err = Rejected, err
			rep.Before, rep.After = cur.Format(ir.PrintOptions{}), out.Format(ir.PrintOptions{})
			continue
		}
		rep.Outcome = Accepted
		if out != cur && !intact(inputs[len(inputs)-1]) {
			// No later pass takes cur: it is compared now, while what
			// the pass, validator and checker read of it is at hand.
			return nil, reports
		}
		cur, form = out, next
	}
	if m.NoValidate {
		return cur, reports
	}
	for _, in := range inputs {
		if !in.compared && !intact(in) {
			return nil, reports
		}
	}
	return cur, reports
}

// crash is a panic of a pass.
type crash struct {
	pass  string
	value any
	stack string
}

func (c *crash) Error() string {
	return fmt.Sprintf("%s panicked: %v\n%s", c.pass, c.value, c.stack)
}

// failure is the outcome of a pass that returned err.
func failure(err error) Outcome {
	if _, ok := err.(*crash); ok {
		return Crashed
	}
	return Failed
}

func applySafely(p *Pass, f *ir.Func) (out *ir.Func, validate func() error, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &crash{p.Name, r, string(debug.Stack())}
		}
	}()
	return p.apply(f)
}

// validateSafely runs a validator; a validator that panics rejects (the
// trusted base must never accept by accident).
func validateSafely(p *Pass, validate func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("validator of %s panicked: %v\n%s", p.Name, r, debug.Stack())
		}
	}()
	return validate()
}
