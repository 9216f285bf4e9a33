// This file splits the text format into tokens.

package ir

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

type tokKind uint8

const (
	tEOF     tokKind = iota
	tNewline         // end of a line (comments run to it)
	tWord            // identifiers, qualified names, registers, labels: [A-Za-z_$][A-Za-z0-9_$./~-]*
	tInt             // decimal integer literal
	tFloat           // decimal floating-point literal
	tString          // Go double-quoted string literal (text holds the unquoted value)
	tPunct           // ( ) [ ] { } , ; : = * @ - + and the two-character <- and ...
)

type lexeme struct {
	kind      tokKind
	text      string
	line, col int
	off       int // byte offset in the source
}

func (t lexeme) String() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tNewline:
		return "end of line"
	case tString:
		return strconv.Quote(t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// lexError is a malformed token.
type lexError struct {
	line, col int
	msg       string
}

func isWordStart(c byte) bool {
	return c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isWordChar(c byte) bool {
	return isWordStart(c) || ('0' <= c && c <= '9') || c == '.' || c == '/' || c == '~' || c == '-'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWord reports whether s lexes as a single word.
func isWord(s string) bool {
	if s == "" || !isWordStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isWordChar(s[i]) {
			return false
		}
	}
	return true
}

// lex returns the tokens of src, ending with tEOF.
func lex(src string) ([]lexeme, *lexError) {
	var toks []lexeme
	line, lineStart := 1, 0
	for i := 0; i < len(src); {
		c := src[i]
		col := i - lineStart + 1
		switch {
		case c == '\n':
			toks = append(toks, lexeme{tNewline, "\n", line, col, i})
			i++
			line, lineStart = line+1, i
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case isWordStart(c):
			j := i + 1
			for j < len(src) && isWordChar(src[j]) && !(src[j] == '/' && j+1 < len(src) && src[j+1] == '/') {
				j++
			}
			toks = append(toks, lexeme{tWord, src[i:j], line, col, i})
			i = j
		case isDigit(c):
			j := i
			kind := tInt
			for j < len(src) {
				d := src[j]
				switch {
				case isDigit(d):
				case d == '.' || d == 'e' || d == 'E':
					kind = tFloat
				case (d == '+' || d == '-') && (src[j-1] == 'e' || src[j-1] == 'E'):
				default:
					goto done
				}
				j++
			}
		done:
			toks = append(toks, lexeme{kind, src[i:j], line, col, i})
			i = j
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) || src[j] != '"' {
				return nil, &lexError{line, col, "string literal not terminated"}
			}
			s, err := strconv.Unquote(src[i : j+1])
			if err != nil {
				return nil, &lexError{line, col, "malformed string literal " + src[i:j+1]}
			}
			toks = append(toks, lexeme{tString, s, line, col, i})
			i = j + 1
		case c == '<' && i+1 < len(src) && src[i+1] == '-':
			toks = append(toks, lexeme{tPunct, "<-", line, col, i})
			i += 2
		case c == '.' && i+2 < len(src) && src[i+1] == '.' && src[i+2] == '.':
			toks = append(toks, lexeme{tPunct, "...", line, col, i})
			i += 3
		case c < utf8.RuneSelf && isPunct(c):
			toks = append(toks, lexeme{tPunct, string(c), line, col, i})
			i++
		default:
			r, _ := utf8.DecodeRuneInString(src[i:])
			return nil, &lexError{line, col, fmt.Sprintf("unexpected character %q", r)}
		}
	}
	col := len(src) - lineStart + 1
	toks = append(toks, lexeme{tEOF, "", line, col, len(src)})
	return toks, nil
}

func isPunct(c byte) bool {
	switch c {
	case '(', ')', '[', ']', '{', '}', ',', ';', ':', '=', '*', '@', '-', '+', '&', '|', '!':
		return true
	}
	return false
}
