package gclplugin

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// folded wraps a so that its reports carry no related information:
// golangci-lint makes each related position an issue of its own, on
// its own line, which //nolint:vssa on the reported line leaves in
// place (and CI failing). The related positions and messages go into
// the report's message instead, where it does not name them already
// (vssair.Report writes "… at file.go:12").
func folded(a *analysis.Analyzer) *analysis.Analyzer {
	b := *a
	b.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) { pass.Report(fold(pass.Fset, d)) }
		return a.Run(&p)
	}
	return &b
}

// fold moves d's related information into its message.
func fold(fset *token.FileSet, d analysis.Diagnostic) analysis.Diagnostic {
	for _, r := range d.Related {
		p := fset.Position(r.Pos)
		at := fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
		if !strings.Contains(d.Message, at) {
			d.Message += fmt.Sprintf(" (%s at %s)", r.Message, at)
		}
	}
	d.Related = nil
	return d
}
