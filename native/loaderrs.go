// This file turns the errors of loading the package into one report,
// each error once: go list and the type checker see the same faults, go
// list's compiler output has no position ("-:"), and go/parser reports
// the errors that follow from the first one in a file.

package native

import (
	"errors"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadErrors returns the errors of pkgs (their dependencies included),
// or nil: the root causes only, in plain words.
func loadErrors(pkgs []*packages.Package) error {
	var list, compiler, parse, typ []packages.Error
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			switch {
			case e.Kind == packages.ParseError:
				parse = append(parse, e)
			case e.Kind == packages.TypeError:
				typ = append(typ, e)
			case strings.HasPrefix(e.Msg, "# "):
				// The compiler's output, which repeats what the
				// parser or the type checker reports.
				compiler = append(compiler, e)
			default:
				list = append(list, e)
			}
		}
	})
	var chosen []packages.Error
	switch {
	case len(list) > 0:
		// A package not found, a bad go.mod: the type errors that
		// follow ("could not import") add nothing.
		chosen = list
	case len(parse) > 0:
		// The first syntax error of each file: the next ones follow
		// from it.
		files := map[string]bool{}
		for _, e := range parse {
			file, _, _ := strings.Cut(e.Pos, ":")
			if !files[file] {
				files[file] = true
				chosen = append(chosen, e)
			}
		}
	case len(typ) > 0:
		chosen = typ
	default:
		for _, e := range compiler {
			// Without its first line, "# example.com/p".
			_, rest, _ := strings.Cut(e.Msg, "\n")
			e.Msg = rest
			chosen = append(chosen, e)
		}
	}
	var lines []string
	seen := map[string]bool{}
	for _, e := range chosen {
		line := e.Msg
		if e.Pos != "" && e.Pos != "-" {
			line = e.Pos + ": " + e.Msg
		}
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return errors.New(strings.Join(lines, "\n"))
}
