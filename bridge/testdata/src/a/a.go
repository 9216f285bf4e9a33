// Package a is translated inside a go/analysis pass (analysis_test.go).
package a

import (
	"fmt"
	"strings"
)

type T struct{ n int }

func (t *T) Inc() { t.n++ }

func Join(xs []string) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 && x != "" {
			b.WriteString(",")
		}
		b.WriteString(x)
	}
	return b.String()
}

func Closure(n int) func() int {
	return func() int { n *= 2; return n }
}

func Print(t *T) { fmt.Println(t.n) } // want "translated 6 functions"
