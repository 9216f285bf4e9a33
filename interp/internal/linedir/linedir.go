package linedir

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/vssa-go/vssa/internal/gorelease"
)

// directive is a line directive of a source file: from offset next on,
// positions are in the file named name (as written).
type directive struct {
	next int
	name string
}

// directives caches each source file's line directives (nil if it has
// none or cannot be read).
var directives sync.Map // file name → []directive

// GCFileName returns the file name gc reports for the position p,
// whose unadjusted position is u: the name a line directive gives, as
// written up to Go 1.26; from Go 1.27, a relative one joined to the
// directory of the file it is in, and cleaned (the toolchain running
// this code decides, as it compiles the programs compared with it).
func GCFileName(p, u token.Position) string {
	name := gcFileName(p, u)
	if joinsDirectory && name != "??" && name != p.Filename && !filepath.IsAbs(name) {
		return filepath.Join(filepath.Dir(u.Filename), name)
	}
	return name
}

// joinsDirectory says whether gc joins a relative line directive's
// name to its file's directory: Go 1.27 and later.
var joinsDirectory = gorelease.Minor >= 27

func gcFileName(p, u token.Position) string {
	if p.Filename == u.Filename && p.Line == u.Line {
		return p.Filename // no directive applies
	}
	ds := fileDirectives(u.Filename)
	for i := len(ds) - 1; i >= 0; i-- {
		if ds[i].next <= u.Offset {
			if ds[i].name == "" {
				return "??"
			}
			return ds[i].name
		}
	}
	return p.Filename // (a directive go/scanner saw and we did not)
}

// fileDirectives reads the line directives of a source file.
func fileDirectives(file string) []directive {
	if ds, ok := directives.Load(file); ok {
		return ds.([]directive)
	}
	var ds []directive
	if src, err := os.ReadFile(file); err == nil {
		fset := token.NewFileSet()
		tf := fset.AddFile(file, -1, len(src))
		var s scanner.Scanner
		s.Init(tf, src, nil, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT {
				continue
			}
			offs := tf.Offset(pos)
			if d, ok := parseDirective(src, offs, lit, file, ds); ok {
				ds = append(ds, d)
			}
		}
	}
	directives.Store(file, ds)
	return ds
}

// parseDirective parses the comment lit at offset offs of src as a line
// directive, as go/scanner does (a "//line" comment counts only at the
// start of a line); file is the file's name, prev the directives before
// it.
func parseDirective(src []byte, offs int, lit, file string, prev []directive) (directive, bool) {
	var next int
	switch {
	case strings.HasPrefix(lit, "//line ") && (offs == 0 || src[offs-1] == '\n'):
		next = offs + len(lit) + 1 // the start of the next line
	case strings.HasPrefix(lit, "/*line "):
		next = offs + len(lit)
		lit = lit[:len(lit)-2]
	default:
		return directive{}, false
	}
	text := lit[len("//line "):]
	name, ok := cutNumber(text)
	if !ok {
		return directive{}, false
	}
	if n, ok := cutNumber(name); ok { // filename:line:col
		name = n
		if name == "" { // the previous file name
			name = file
			if len(prev) > 0 {
				name = prev[len(prev)-1].name
			}
		}
	}
	return directive{next: next, name: name}, true
}

// cutNumber splits ":N" (N a positive decimal number) off the end of s.
func cutNumber(s string) (string, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return "", false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n <= 0 {
		return "", false
	}
	return s[:i], true
}
