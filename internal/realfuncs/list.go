// This file reads the list files: which functions the suite takes, and
// what vssa compile does with each today.

package realfuncs

import (
	"fmt"
	"go/version"
	"os"
	"strings"
)

// An Entry is one line of a list file:
//
//	PACKAGE FUNC[,FUNC...] STATE
//
// PACKAGE is an import path in std (std.txt), or MODULE@VERSION/DIR with
// DIR the package's directory in the module, "." for its root
// (modules.txt). The functions are compiled together. STATE is what
// happens today, one of
//
//	ok                       compiles, builds, and passes its tests
//	refused: MESSAGE         vssa compile refuses, its error holding MESSAGE
//	build-fails: NOTE        compiles, and the package or its test does not build
//	test-fails: NOTE         builds, and the generated test fails
//
// followed, where a later Go release changed the function, by
// "; goVERSION: STATE" clauses: the state from that release on.
type Entry struct {
	Line  int
	Pkg   string
	Funcs []string
	State State
	Since []Since // in increasing versions
}

// Since is the state of an entry from Go release Go ("go1.27") on.
type Since struct {
	Go    string
	State State
}

// Want returns the state e records for Go release goVersion ("go1.26").
func (e Entry) Want(goVersion string) State {
	st := e.State
	for _, s := range e.Since {
		if version.Compare(goVersion, s.Go) >= 0 {
			st = s.State
		}
	}
	return st
}

// A State is what vssa compile and go test make of an entry.
type State struct {
	Kind string // "ok", "refused", "build-fails", "test-fails"
	Note string // the refusal's substring, or a note
}

func (s State) String() string {
	if s.Note == "" {
		return s.Kind
	}
	return s.Kind + ": " + s.Note
}

// Name is the entry's name in reports: the package's import path and
// the functions.
func (e Entry) Name() string {
	return e.Path() + "." + strings.Join(e.Funcs, "+")
}

// Path is the import path of the entry's package.
func (e Entry) Path() string {
	mod, _, dir, ok := e.Module()
	if !ok {
		return e.Pkg
	}
	if dir == "." {
		return mod
	}
	return mod + "/" + dir
}

// Module splits a module entry's MODULE@VERSION/DIR.
func (e Entry) Module() (mod, version, dir string, ok bool) {
	mod, rest, ok := strings.Cut(e.Pkg, "@")
	if !ok {
		return "", "", "", false
	}
	version, dir, _ = strings.Cut(rest, "/")
	if dir == "" {
		dir = "."
	}
	return mod, version, dir, true
}

// ReadList reads a list file; blank lines and lines starting with # are
// skipped.
func ReadList(path string) ([]Entry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var es []Entry
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: want PACKAGE FUNC[,FUNC...] STATE", path, i+1)
		}
		clauses := strings.Split(strings.Join(f[2:], " "), ";")
		st, err := parseState(clauses[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		e := Entry{Line: i + 1, Pkg: f[0], Funcs: splitFuncs(f[1]), State: st}
		for _, c := range clauses[1:] {
			v, rest, _ := strings.Cut(strings.TrimSpace(c), ":")
			if !version.IsValid(v) || len(e.Since) > 0 && version.Compare(v, e.Since[len(e.Since)-1].Go) <= 0 {
				return nil, fmt.Errorf("%s:%d: want \"; goVERSION: STATE\" in increasing versions, found %q", path, i+1, c)
			}
			st, err := parseState(rest)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
			}
			e.Since = append(e.Since, Since{v, st})
		}
		es = append(es, e)
	}
	return es, nil
}

func parseState(s string) (State, error) {
	kind, note, _ := strings.Cut(s, ":")
	st := State{Kind: strings.TrimSpace(kind), Note: strings.TrimSpace(note)}
	switch st.Kind {
	case "ok":
		if st.Note != "" {
			return st, fmt.Errorf("state ok takes no note")
		}
	case "refused", "build-fails", "test-fails":
		if st.Note == "" {
			return st, fmt.Errorf("state %s needs a note (for refused, a substring of the message)", st.Kind)
		}
	default:
		return st, fmt.Errorf("unknown state %q, want ok, refused, build-fails or test-fails", st.Kind)
	}
	return st, nil
}

// splitFuncs splits a list's FUNC[,FUNC...] at the commas outside
// brackets: a generic function's type arguments, F[int16,float32], are
// separated by commas too.
func splitFuncs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
