package ir

import (
	"go/types"
	"strings"
	"testing"
)

// methodsSrc declares the methods of main.T and *main.T, one defined
// here and one declared, as vssa dump prints them.
const methodsSrc = `type main.T struct{n int}
method (main.T) String @"(main.T).String"
method (*main.T) Set @"(*main.T).Set"
method (*main.T) String @"(*main.T).String"
declare @"(*main.T).Set" func(*main.T, int)
declare @"(*main.T).String" func(*main.T) string

func @"(main.T).String"(r0 main.T) string {
b0:
    r1:string = const "t"
    return r1
}
`

// The text form carries the methods of named types: the parsed type has
// them in its go/types method set (fmt looks there for String), the
// module maps each to its function (the interpreter calls that), and
// the module prints back as it was.
func TestMethodsRoundTrip(t *testing.T) {
	m, err := Parse("", methodsSrc)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != methodsSrc {
		t.Errorf("printed\n%s\nwant\n%s", got, methodsSrc)
	}
	T := m.Funcs[0].Signature().Params().At(0).Type()
	if named := m.NamedTypes(); len(named) != 1 || named[0] != T {
		t.Errorf("NamedTypes() = %v, want [main.T]", named)
	}
	for _, tc := range []struct {
		recv  types.Type
		names string
	}{{T, "String"}, {types.NewPointer(T), "Set String"}} {
		ms := types.NewMethodSet(tc.recv)
		var names []string
		for i := range ms.Len() {
			names = append(names, ms.At(i).Obj().Name())
		}
		if strings.Join(names, " ") != tc.names {
			t.Errorf("method set of %s: %v, want %s", tc.recv, names, tc.names)
		}
	}
	if sel := types.NewMethodSet(T).Lookup(nil, "String"); sel == nil || sel.Type().String() != "func() string" {
		t.Errorf("main.T's String is %v, want func() string", sel)
	}
	want := map[string]map[string]string{
		"main.T":  {"String": "(main.T).String"},
		"*main.T": {"Set": "(*main.T).Set", "String": "(*main.T).String"},
	}
	for recv, methods := range want {
		for name, fn := range methods {
			if got := m.Methods[recv][name]; got != fn {
				t.Errorf("Methods[%s][%s] = %q, want %q", recv, name, got, fn)
			}
		}
	}
	// A function printed alone keeps the methods whose functions its
	// text has.
	if text := m.Funcs[0].Format(PrintOptions{}); !strings.Contains(text, `method (main.T) String @"(main.T).String"`) || strings.Contains(text, "Set") {
		t.Errorf("(main.T).String alone:\n%s\nwant its own method line and not Set's", text)
	}
}

// methodM is a function a method line of TestParseErrors names.
const methodM = "func @\"(main.T).M\"(r0 main.T) {\nb0:\n    return\n}\n"
