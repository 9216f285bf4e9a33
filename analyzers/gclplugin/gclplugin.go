package gclplugin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

func init() { register.Plugin("vssa", New) }

// Settings are the linter's settings in .golangci.yml
// (linters.settings.custom.vssa.settings).
type Settings struct {
	// Disable names analyzers not to run: "nilness", "cond", "bce".
	Disable []string `json:"disable"`
	// NoReturn names functions that never return, by full name
	// (vssair's -noreturn flag).
	NoReturn []string `json:"noreturn"`
}

// analyzers are the ones the plugin can run.
var analyzers = []*analysis.Analyzer{nilness.Analyzer, cond.Analyzer, bce.Analyzer}

// New makes the plugin from its settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("vssa: %w", err)
	}
	p := &plugin{}
	for _, name := range s.Disable {
		if !slices.ContainsFunc(analyzers, func(a *analysis.Analyzer) bool { return a.Name == name }) {
			return nil, fmt.Errorf("vssa: settings: disable: no analyzer %q (there are nilness, cond and bce)", name)
		}
	}
	if len(s.NoReturn) > 0 {
		if err := vssair.Analyzer.Flags.Set("noreturn", strings.Join(s.NoReturn, ",")); err != nil {
			return nil, fmt.Errorf("vssa: settings: noreturn: %w", err)
		}
	}
	for _, a := range analyzers {
		if !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, folded(a))
		}
	}
	return p, nil
}

type plugin struct{ analyzers []*analysis.Analyzer }

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode is typesinfo: the analyzers need types and go/ssa.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
