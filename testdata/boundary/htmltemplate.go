// html/template walks the program's values with reflect: the real package
// would see a stand-in without its methods. Not loaded from source yet (it
// reads GODEBUG settings through internal/godebug).

package main

import (
	"html/template"
	"os"
)

type Color int

func (c Color) String() string { return [...]string{"<red>", "green"}[c] }

type P struct {
	Name string
	C    Color
	URL  string
}

func (p P) Greeting() string { return "hi <" + p.Name + ">" }

func main() {
	t := template.Must(template.New("t").Parse(`<a href="{{.URL}}" title="{{.C}}">{{.Greeting}}</a><script>var x = {{.}};</script>` + "\n"))
	if err := t.Execute(os.Stdout, P{"ann & bob", 0, "javascript:alert(1)"}); err != nil {
		println(err.Error())
	}
}
