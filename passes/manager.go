// This file is the pass manager: run, validate, check, or fall back.

package passes

import (
	"fmt"
	"runtime/debug"
	"time"

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
)

var outcomeNames = [...]string{"accepted", "rejected", "failed", "crashed", "skipped", "unchecked"}

func (o Outcome) String() string { return outcomeNames[o] }

// Report says what one pass did to one function.
type Report struct {
	Pass     string
	Func     string
	Outcome  Outcome
	Err      error  // why it was rejected, failed or crashed
	Before   string // IR dumps, for rejected results
	After    string
	RunTime  time.Duration
	Validate time.Duration // validator and checker
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
	// NoValidate turns validation off (only to measure its cost).
	NoValidate bool
}

// Run applies the pipeline to f and returns the function to use (f
// itself if every pass was refused) and a report per pass.
//
// The function must be well-formed RTL (Run checks it fully first and
// runs no pass otherwise). After each pass, the validator checks the
// result against the input (and that its types follow from the input's),
// then the manager runs the IR checker's structural rules on it.
func (m *Manager) Run(f *ir.Func) (*ir.Func, []*Report) {
	cur := f
	disc := ir.RTL
	var reports []*Report
	if err := ir.Check(f, ir.RTL); err != nil {
		for _, p := range m.Pipeline {
			reports = append(reports, &Report{Pass: p.Name, Func: f.Name, Outcome: Skipped, Err: fmt.Errorf("input is not well-formed: %v", err)})
		}
		return f, reports
	}
	for _, p := range m.Pipeline {
		rep := &Report{Pass: p.Name, Func: f.Name}
		reports = append(reports, rep)
		if disc != p.In {
			rep.Outcome = Skipped
			rep.Err = fmt.Errorf("function is in %s form, %s takes %s", disc, p.Name, p.In)
			continue
		}
		start := time.Now()
		out, hints, err := runSafely(p, cur)
		rep.RunTime = time.Since(start)
		switch {
		case err != nil && isCrash(err):
			rep.Outcome, rep.Err = Crashed, err
			continue
		case err != nil:
			rep.Outcome, rep.Err = Failed, err
			continue
		}
		start = time.Now()
		if !m.NoValidate {
			err = validateSafely(p, cur, out, hints)
		}
		if err == nil {
			// Validators check structure too; this is the driver's own
			// check, which does not depend on any validator being right.
			err = ir.CheckStructure(out, p.Out)
		}
		rep.Validate = time.Since(start)
		if err == nil && m.NoValidate {
			rep.Outcome = Unchecked
			cur, disc = out, p.Out
			continue
		}
		if err != nil {
			rep.Outcome, rep.Err = Rejected, err
			rep.Before, rep.After = cur.Format(ir.PrintOptions{}), out.Format(ir.PrintOptions{})
			continue
		}
		rep.Outcome = Accepted
		cur, disc = out, p.Out
	}
	return cur, reports
}

type crash struct {
	pass  string
	value any
	stack string
}

func (c *crash) Error() string {
	return fmt.Sprintf("%s panicked: %v\n%s", c.pass, c.value, c.stack)
}

func isCrash(err error) bool {
	_, ok := err.(*crash)
	return ok
}

func runSafely(p *Pass, f *ir.Func) (out *ir.Func, hints any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &crash{p.Name, r, string(debug.Stack())}
		}
	}()
	return p.Run(f)
}

// validateSafely runs a validator; a validator that panics rejects (the
// trusted base must never accept by accident).
func validateSafely(p *Pass, before, after *ir.Func, hints any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("validator of %s panicked: %v\n%s", p.Name, r, debug.Stack())
		}
	}()
	return p.Validate(before, after, hints)
}
