// This file writes the closure functions: closures that capture
// variables changed after the closure was made, loop variables (one per
// iteration since Go 1.22), arrays (captured, not copied), counters
// returned by a function, recursive closures, and method values (whose
// receiver is evaluated when the method value is made).

package progen

// counterType is the receiver type of the method values.
const counterType = `// counter is the receiver of the method values of the closure tests.
type counter struct{ n int }

func (c counter) get() int { return c.n }

func (c *counter) add(d int) int {
	c.n += d
	return c.n
}
`

// closureFunc writes a function making and calling closures over its
// parameters, of one integer type.
func (g *gen) closureFunc(name string) string {
	f := g.newFn(name)
	t := pick(g, g.intTypes()...)
	x := f.param(t.name, g.value(t))
	y := f.param(t.name, g.value(t))
	step := func() string { return f.constant(t).operand() }
	for _, c := range f.distinct(8, 2+f.intn(4)) {
		switch c {
		case 0:
			c, v := f.local("c"), f.local("v")
			f.stmt("%s := %s\n%s := func() %s { return %s * %s }", v, x, c, t.name, v, step())
			f.stmt("%s = %s", v, y)
			f.stmt("fmt.Println(%q, %s())\n%s++\nfmt.Println(%q, %s(), %s)", f.name+" "+c, c, v, f.name+" "+c, c, v)
		case 1:
			fs, i := f.local("fs"), f.local("i")
			f.stmt("var %s []func() %s", fs, t.name)
			f.stmt("for %s := %s(0); %s < 4; %s++ {\n%s = append(%s, func() %s { return %s*%s + %s })\n%s += %s(%d)\n}", i, t.name, i, i, fs, fs, t.name, i, x, y, i, t.name, f.intn(2))
			f.stmt("for _, fn := range %s {\nfmt.Print(fn(), \" \")\n}\nfmt.Println()", fs)
		case 2:
			mk, c1, c2 := f.local("mk"), f.local("c"), f.local("c")
			f.stmt("%s := func(start %s) func() %s {\nn := start\nreturn func() %s {\nn += %s\nreturn n\n}\n}", mk, t.name, t.name, t.name, step())
			f.stmt("%s, %s := %s(%s), %s(%s)", c1, c2, mk, x, mk, y)
			f.stmt("fmt.Println(%q, %s(), %s(), %s(), %s())", f.name+" counters", c1, c1, c2, c1)
		case 3:
			arr, cp, get := f.local("arr"), f.local("cp"), f.local("get")
			f.stmt("%s := [3]%s{%s, %s, %s}\n%s := %s\n%s := func() %s { return %s[0] + %s[1] }", arr, t.name, x, y, step(), cp, arr, get, t.name, arr, cp)
			f.stmt("%s[0], %s[1] = %s[1], %s", arr, cp, arr, step())
			f.stmt("fmt.Println(%q, %s(), %s, %s)", f.name+" "+arr, get, arr, cp)
		case 4:
			rec := f.local("rec")
			f.stmt("var %s func(%s, int) %s\n%s = func(v %s, d int) %s {\nif d == 0 {\nreturn v\n}\nreturn %s(v*%s+%s, d-1) ^ v\n}", rec, t.name, t.name, rec, t.name, t.name, rec, step(), y)
			f.stmt("fmt.Println(%q, %s(%s, %d))", f.name+" "+rec, rec, x, f.intn(8))
		case 5:
			f.g.helper("counter", counterType)
			c, get, add := f.local("c"), f.local("get"), f.local("add")
			f.stmt("%s := counter{int(%s)}\n%s, %s := %s.get, %s.add", c, x, get, add, c, c)
			// c.get() gets its own statement: when c is read relative to
			// the call add(…) in the same statement is not specified.
			f.stmt("%s.n = int(%s)\nfmt.Println(%q, %s(), %s(%d), %s())\nfmt.Println(%q, %s.get())", c, y, f.name+" methods", get, add, f.intn(5), get, f.name+" "+c, c)
		case 6:
			v, d := f.local("v"), f.local("d")
			f.stmt("%s := %s\n%s := func() {\n%s = %s*%s - %s\n}", v, x, d, v, v, y, step())
			f.stmt("%s()\n%s()\nfmt.Println(%q, %s)", d, d, f.name+" "+v, v)
		default:
			// The range value is a copy per iteration; closures see their own.
			fs, i, e := f.local("fs"), f.local("i"), f.local("e")
			f.stmt("var %s []func() %s\nfor %s, %s := range []%s{%s, %s, %s} {\n%s = append(%s, func() %s { return %s + %s(%s) })\n}", fs, t.name, i, e, t.name, x, y, step(), fs, fs, t.name, e, t.name, i)
			f.stmt("for _, fn := range %s {\nfmt.Print(fn(), \" \")\n}\nfmt.Println()", fs)
		}
	}
	return f.finish()
}
