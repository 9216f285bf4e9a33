// run

// text/template on the program's types runs interpreted from source over
// the interpreter's reflect: fields, methods with arguments, Stringers,
// maps and slices, functions of the program, and errors naming the
// program's types.

package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

type Item struct {
	Name  string
	Price float64
	Tags  []string
	Color Color
}

func (i Item) Discount(pct int) float64 { return i.Price * float64(100-pct) / 100 }

func (i *Item) Label() string { return strings.ToUpper(i.Name) }

type Shop struct {
	Owner string
	Items []*Item
	Stock map[string]int
	inner int
}

const text = `{{define "item"}}- {{.Name}} ({{.Color}}) {{printf "%.2f" .Price}} -> {{.Discount 10 | printf "%.2f"}} {{.Label}}{{range $i, $t := .Tags}} #{{$i}}:{{$t}}{{end}}
{{end}}Owner: {{.Owner | shout}}
{{range .Items}}{{template "item" .}}{{else}}none{{end}}{{with $s := .Stock}}{{range $k, $v := $s}}{{$k}}={{$v}} {{end}}{{end}}
{{if gt (len .Items) 1}}many{{else}}few{{end}} {{index .Stock "apple"}} {{printf "%T %v" .Owner (index .Items 0).Color}}
`

func main() {
	funcs := template.FuncMap{"shout": func(s string) string { return strings.ToUpper(s) + "!" }}
	t := template.Must(template.New("shop").Funcs(funcs).Parse(text))
	shop := Shop{
		Owner: "ann",
		Items: []*Item{{"apple", 1.5, []string{"fruit", "red"}, 0}, {"sky", 100, nil, 2}},
		Stock: map[string]int{"apple": 3, "pear": 0},
	}
	if err := t.Execute(os.Stdout, shop); err != nil {
		fmt.Println("error:", err)
	}
	for _, src := range []string{"{{.Missing}}", "{{.inner}}", "{{.Owner.Foo}}", "{{index .Items 5}}", "{{(index .Items 0).Discount}}"} {
		t, err := template.New("bad").Parse(src)
		if err != nil {
			fmt.Println("parse:", err)
			continue
		}
		var sb strings.Builder
		err = t.Execute(&sb, shop)
		fmt.Printf("%q %v\n", sb.String(), err)
	}
	_, err := template.New("x").Parse("{{if}}")
	fmt.Println(err)
}
