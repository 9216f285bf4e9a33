package validate

import (
	"fmt"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// Error is a rejection: which rule of which checker failed, and where.
type Error struct {
	Check   string // the checker: "normalize", "promote", "ssagen", "outofssa"
	Func    string
	Block   int    // -1 if not about one block
	Context string // the printed instruction, if any
	Rule    string
	Msg     string
}

func (e *Error) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s", e.Check, e.Func)
	if e.Block >= 0 {
		fmt.Fprintf(&sb, ": b%d", e.Block)
	}
	if e.Context != "" {
		fmt.Fprintf(&sb, ": %s", e.Context)
	}
	fmt.Fprintf(&sb, ": %s [%s]", e.Msg, e.Rule)
	return sb.String()
}

// rejecter builds errors for one check of one function.
type rejecter struct {
	check string
	f     *ir.Func
}

func (r rejecter) at(b *ir.Block, in *ir.Instr, rule, format string, args ...any) *Error {
	e := &Error{Check: r.check, Block: -1, Rule: rule, Msg: fmt.Sprintf(format, args...)}
	if r.f != nil {
		e.Func = r.f.Name
	}
	if b != nil {
		e.Block = b.Index
		if in != nil {
			e.Context = ir.FormatInstr(r.f, b, in)
		}
	}
	return e
}

func (r rejecter) fn(rule, format string, args ...any) *Error {
	return r.at(nil, nil, rule, format, args...)
}

// missing rejects a nil function (a result is never nil; a pass that
// has nothing to do returns its input) and one without blocks, which
// no well-formed function is and the checks below assume has an entry.
func (r rejecter) missing(before, after *ir.Func) error {
	if before == nil || after == nil {
		return r.fn("structure", "no function")
	}
	if len(before.Blocks) == 0 || len(after.Blocks) == 0 {
		return r.fn("structure", "a function without blocks (no entry)")
	}
	return nil
}
