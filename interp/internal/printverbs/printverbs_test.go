package printverbs

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestUses checks the verbs read from formats against fmt's rules as
// its documentation states them; operands left over are cross-checked
// with fmt itself, which prints them as "%!(EXTRA …)".
func TestUses(t *testing.T) {
	v, d, s, f := Use{Verb: 'v'}, Use{Verb: 'd'}, Use{Verb: 's'}, Use{Verb: 'f'}
	extra := []Use{{Verb: 'T'}, {Verb: 'v'}}
	for _, c := range []struct {
		format string
		n      int
		want   [][]Use
	}{
		{"%d %s", 2, [][]Use{{d}, {s}}},
		{"%#v %+v", 2, [][]Use{{{Verb: 'v', Sharp: true}}, {v}}},
		{"%*d", 2, [][]Use{nil, {d}}},  // the width takes an operand, printed with no verb
		{"%.*f", 2, [][]Use{nil, {f}}}, // so does the precision
		{"%d", 2, [][]Use{{d}, extra}},
		{"100%%", 1, [][]Use{extra}},
		{"%[2]d %[1]s", 2, [][]Use{{s}, {d}}},
		{"%[2]d", 2, [][]Use{nil, {d}}}, // reordered: no EXTRA
		{"%[1]d %[1]v", 1, [][]Use{{d, v}}},
		{"%d %d", 1, [][]Use{{d}}}, // a missing operand is not one
		{"%", 1, [][]Use{extra}},   // no verb
	} {
		got := Uses(c.format, c.n)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Uses(%q, %d) = %v, want %v", c.format, c.n, got, c.want)
		}
		ops := make([]any, c.n)
		for i := range ops {
			ops[i] = i + 1
		}
		fmtExtra := strings.Contains(fmt.Sprintf(c.format, ops...), "%!(EXTRA")
		if gotExtra := reflect.DeepEqual(got[c.n-1], extra); gotExtra != fmtExtra {
			t.Errorf("Uses(%q, %d): extra operands %v, fmt prints EXTRA: %v", c.format, c.n, gotExtra, fmtExtra)
		}
	}
}
