// This file writes the string functions: strings holding invalid UTF-8
// indexed, sliced, ranged over, converted to and from []rune and []byte,
// and integers converted to strings.

package progen

import (
	"strconv"
	"strings"
)

// stringPieces are concatenated into the strings the programs use:
// ASCII, valid multi-byte UTF-8, and invalid UTF-8 of every kind (stray
// continuation bytes, overlong forms, surrogates, code points past
// U+10FFFF, truncated sequences).
var stringPieces = []string{
	"", "a", "abc", "héllo", "日本語", "😀", "\u00ff", "\ufffd", "\U0010ffff", "\x00",
	"\xff", "\xfe\xff", "\x80", "a\x80b", "\xc0\x80", "\xc1\xbf", "\xed\xa0\x80", "\xed\xbf\xbf",
	"\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "\xe2\x82", "\xe2\x82\xac", "\xf0\x9f\x98", "\xe2\x28\xa1",
}

// stringValue returns a random string constant: one to three pieces.
func (g *gen) stringValue() string {
	var b strings.Builder
	for range 1 + g.r.IntN(3) {
		b.WriteString(pick(g, stringPieces...))
	}
	return strconv.Quote(b.String())
}

// indexValue returns a value of the integer type t for an index or a
// slice bound: mostly small (in range or just past it, negative for
// signed types), sometimes an edge of t.
func (g *gen) indexValue(t *numType) string {
	f := &fn{g: g}
	b := t.basic()
	var src string
	switch n := g.r.IntN(20); {
	case n < 14:
		src = strconv.Itoa(g.r.IntN(9))
	case n < 17 && b.kind == signed:
		src = strconv.Itoa(-1 - g.r.IntN(3))
	case n < 19:
		src = strconv.Itoa(10 + g.r.IntN(100))
	default:
		src = g.edgeName(t, true)
	}
	e := expr{src: src, t: t, konst: true}
	if g.r.IntN(2) == 0 {
		return f.ident(e).src
	}
	return src
}

// indexParam gives f a parameter of a random integer type with an index
// value, and returns its name.
func (f *fn) indexParam() string {
	t := pick(f.g, f.g.intTypes()...)
	return f.param(t.name, f.g.indexValue(t))
}

// intTypes are the program's integer types.
func (g *gen) intTypes() []*numType {
	var ts []*numType
	for _, t := range g.types {
		if t.isInt() {
			ts = append(ts, t)
		}
	}
	return ts
}

// stringFunc writes a function on strings.
func (g *gen) stringFunc(name string) string {
	f := g.newFn(name)
	s, t := f.param("string", g.stringValue()), f.param("string", g.stringValue())
	i, j := f.indexParam(), f.indexParam()
	label := func(what string) string { return strconv.Quote(f.name + " " + what) }
	for _, c := range f.distinct(16, 3+f.intn(5)) {
		switch c {
		case 0:
			g.use("unicode/utf8")
			f.stmt("fmt.Printf(%s, %s, len(%s), utf8.RuneCountInString(%s), utf8.ValidString(%s))", label("%q %d %d %v\n"), s, s, s, s)
		case 1:
			k, r := f.local("k"), f.local("r")
			f.stmt("for %s, %s := range %s {\nfmt.Printf(\"%%d:%%U \", %s, %s)\n}\nfmt.Println()", k, r, s, k, r)
		case 2:
			rs := f.local("rs")
			f.stmt("%s := []rune(%s)", rs, s)
			f.stmt("fmt.Printf(%s, len(%s), %s, string(%s), string(%s) == %s)", label("%d %v %q %v\n"), rs, rs, rs, rs, s)
		case 3:
			bs := f.local("bs")
			f.stmt("%s := []byte(%s)", bs, s)
			f.stmt("fmt.Println(%s, %s, string(%s) == %s)", label("bytes"), bs, bs, s)
		case 4:
			f.stmt("fmt.Println(%s, %s[%s])", label("index"), s, i)
		case 5:
			f.stmt("fmt.Printf(%s, %s[%s:%s])", label("%q\n"), s, i, j)
		case 6:
			// One slicing per statement: Go leaves the order of two
			// that may panic open.
			f.stmt("fmt.Printf(%s, %s[%s:])", label("%q\n"), s, i)
			f.stmt("fmt.Printf(%s, %s[:%s])", label("%q\n"), t, j)
		case 7:
			x := pick(g, g.intTypes()...)
			rc := f.local("rc")
			f.stmt("%s := string(rune(%s))", rc, f.ident(expr{src: g.intConst(x), t: x, konst: true}).src)
			f.stmt("fmt.Printf(%s, %s, len(%s), []byte(%s))", label("%q %d %v\n"), rc, rc, rc)
		case 8:
			u := f.local("u")
			f.stmt("%s := %s + %s", u, s, t)
			f.stmt("fmt.Println(%s, len(%s), %s < %s, %s == %s, %s > %s, %s <= %s)", label("concat"), u, u, s, u, s+"+"+t, s, t, s, t)
		case 9:
			g.use("unicode/utf8")
			r, size := f.local("r"), f.local("size")
			f.stmt("%s, %s := utf8.DecodeRuneInString(%s[%s:])", r, size, s, i)
			f.stmt("fmt.Println(%s, %s, %s)", label("decode"), r, size)
		case 10:
			h, k := f.local("h"), f.local("k")
			f.stmt("%s := uint32(2166136261)\nfor %s := range len(%s) {\n%s = (%s ^ uint32(%s[%s])) * 16777619\n}", h, k, s, h, h, s, k)
			f.stmt("fmt.Println(%s, %s)", label("hash"), h)
		case 11:
			// string(byte) is the code point of the byte: "\xff" gives "ÿ".
			f.stmt("fmt.Printf(%s, string(%s[%s]), string(rune(%s[%s])))", label("%q %q\n"), s, i, s, i)
		case 12:
			b, u := f.local("b"), f.local("u")
			f.stmt("%s := []byte(%s)\n%s := string(%s)", b, s, u, b)
			f.stmt("%s[%s] ^= 0x80", b, i)
			f.stmt("fmt.Printf(%s, %s, %s, string(%s) == %s)", label("%q %q %v\n"), u, b, b, u)
		case 13:
			g.use("strings")
			f.stmt("fmt.Printf(%s, strings.ToUpper(%s), strings.Index(%s, %s), strings.Count(%s, \"\"), strings.ToValidUTF8(%s, \"?\"))", label("%q %d %d %q\n"), s, s, t, s, s)
		case 14:
			rs := f.local("rs")
			f.stmt("%s := []rune(%s)", rs, s)
			f.stmt("fmt.Println(%s, %s[%s])", label("runes"), rs, j)
			f.stmt("fmt.Println(%s, len(string(%s[%s:])))", label("runes"), rs, i)
		default:
			k, r, n := f.local("k"), f.local("r"), f.local("n")
			f.stmt("%s := 0\nfor %s, %s := range []byte(%s + %s) {\n%s += %s * int(%s)\n}", n, k, r, s, t, n, k, r)
			f.stmt("fmt.Println(%s, %s)", label("bytesum"), n)
		}
	}
	return f.finish()
}
