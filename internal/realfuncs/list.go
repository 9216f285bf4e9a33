// This file reads the list files: which functions the suite takes, and
// what vssa compile does with each today.

package realfuncs

import (
	"fmt"
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
type Entry struct {
	Line  int
	Pkg   string
	Funcs []string
	State State
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
	path := e.Pkg
	if mod, _, dir, ok := e.Module(); ok {
		path = mod
		if dir != "." {
			path += "/" + dir
		}
	}
	return path + "." + strings.Join(e.Funcs, "+")
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
		st, err := parseState(strings.Join(f[2:], " "))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		es = append(es, Entry{Line: i + 1, Pkg: f[0], Funcs: strings.Split(f[1], ","), State: st})
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
