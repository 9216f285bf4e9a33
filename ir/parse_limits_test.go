package ir

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseTooManyResults(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("func @main.f() {\nb0:\n\t")
	for i := 0; i < MaxDsts+1; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "r%d:int", i)
	}
	sb.WriteString(" = call @main.g()\n\treturn\n}\n")
	_, err := ParseFunc(sb.String())
	if err == nil || !strings.Contains(err.Error(), "more than 255 results") {
		t.Fatalf("got %v, want an error about more than 255 results", err)
	}
}
