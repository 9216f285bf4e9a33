// This file writes the generated test's second copy of each Go
// original, whose loops count their rounds: on an input outside what
// the function handles, its loop may run for ever (flate's writeCopy
// with a distance of 0, strconv's rightShift by 64 or more, a loop over
// an image's rectangle drawn near 1<<63), in the Go original as in the
// assembly, and the generated test with it. The check runs this copy;
// past stepLimit rounds it panics with a message of its own, and the
// check leaves that input out (the compiled function is not run on it)
// rather than hang. The benchmark times the copy without the counter.

package native

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
)

// stepLimit is how many loop rounds the check lets a Go original run
// on one input: the test's inputs have at most a few hundred elements,
// so a loop nest needs far fewer.
const stepLimit = 1 << 22

// stepName is the name of the test's counting copy of F's Go original.
func (n names) stepName(f string) string { return n.stem + "Step" + f }

// stepCall is how the check calls it: instantiated at c's type
// arguments if c is an instantiation.
func (n names) stepCall(c *Compiled) string {
	if c.Generic != nil {
		return n.stepName(c.Name) + c.Generic.Text
	}
	return n.stepName(c.Name)
}

// writeStepCopy writes the counting copy of decl (the Go original, its
// calls of compiled functions already renamed to their counting
// copies): decl printed, parsed again, and a call of the counter put
// first in each loop body.
func writeStepCopy(b *bytes.Buffer, n names, fset *token.FileSet, decl *ast.FuncDecl, name string) error {
	var src bytes.Buffer
	src.WriteString("package p\n\n")
	if err := printer.Fprint(&src, fset, decl); err != nil {
		return err
	}
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "", src.Bytes(), 0)
	if err != nil {
		return fmt.Errorf("internal error: the original's copy does not parse: %v", err)
	}
	step := func() ast.Stmt {
		return &ast.ExprStmt{X: &ast.CallExpr{Fun: ast.NewIdent(n.stem + "Step")}}
	}
	ast.Inspect(f, func(nd ast.Node) bool {
		switch s := nd.(type) {
		case *ast.ForStmt:
			s.Body.List = append([]ast.Stmt{step()}, s.Body.List...)
		case *ast.RangeStmt:
			s.Body.List = append([]ast.Stmt{step()}, s.Body.List...)
		}
		return true
	})
	fmt.Fprintf(b, "// %s is %s's Go original, counting its loops' rounds.\n", n.stepName(name), name)
	if err := printer.Fprint(b, fs, f.Decls[0]); err != nil {
		return err
	}
	b.WriteString("\n\n")
	return nil
}

// writeStepSupport writes the counter.
func writeStepSupport(b *bytes.Buffer, n names) {
	fmt.Fprintf(b, `// %[1]sSteps counts the loop rounds of the Go original's copy on the
// current input; past %[1]sStepLimit, %[1]sStep panics with
// %[1]sStepPanic, and the check leaves the input out.
var %[1]sSteps int

const %[1]sStepLimit = %[2]d

const %[1]sStepPanic = "vssa: the Go original ran more than %[2]d loop rounds on this input, which its loops may never end on; the input is left out"

// %[1]sChecks and %[1]sSkipped count the inputs checked and those
// left out.
var %[1]sChecks, %[1]sSkipped int

// %[1]sReportSkipped says how many inputs were left out, and fails the
// test if all were: it then compared nothing.
func %[1]sReportSkipped(t *testing.T) {
	if %[1]sSkipped == 0 {
		return
	}
	if %[1]sSkipped == %[1]sChecks {
		t.Fatalf("every one of the %%d inputs was left out: %%s; bound the function's integer parameters with //vssa:range", %[1]sChecks, %[1]sStepPanic)
	}
	t.Logf("%%d of %%d inputs left out: %%s", %[1]sSkipped, %[1]sChecks, %[1]sStepPanic)
}

func %[1]sStep() {
	%[1]sSteps++
	if %[1]sSteps > %[1]sStepLimit {
		panic(%[1]sStepPanic)
	}
}

`, n.stem, stepLimit)
}
