package passes

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The table is the only list of passes: the package documentation,
// validate's and docs/design.md's lists say the same.
func TestDocsListTheTable(t *testing.T) {
	// passes/doc.go: "//   - name: doc (validator)", as the table has them.
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, line := range strings.Split(string(src), "\n") {
		text = append(text, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
	}
	item := regexp.MustCompile(`(?m)^  - ([a-z0-9-]+): ((?:.|\n   )*?) \(([A-Za-z0-9.]+)\)$`)
	var listed []string
	for _, m := range item.FindAllStringSubmatch(strings.Join(text, "\n"), -1) {
		name, doc, validator := m[1], strings.Join(strings.Fields(m[2]), " "), m[3]
		listed = append(listed, name)
		p := Lookup(name)
		if p == nil {
			t.Errorf("doc.go lists %s, which the table does not have", name)
			continue
		}
		if doc != p.Doc || validator != p.Validator {
			t.Errorf("doc.go says %s: %q (%s); the table: %q (%s)", name, doc, validator, p.Doc, p.Validator)
		}
	}
	if !slices.Equal(listed, Names()) {
		t.Errorf("doc.go lists %v, the table %v", listed, Names())
	}

	// validate/doc.go lists every validator of the table among its
	// checkers.
	src, err = os.ReadFile("../validate/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range Table.Passes {
		name := strings.TrimPrefix(p.Validator, "validate.")
		if !strings.Contains(string(src), "//   - "+name+":") {
			t.Errorf("validate/doc.go does not list %s, the validator of %s", p.Validator, p.Name)
		}
	}

	// docs/design.md names the passes in its paragraph on passes/.
	src, err = os.ReadFile("../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, para, ok := strings.Cut(string(src), "* `passes/`")
	if !ok {
		t.Fatal("docs/design.md has no paragraph on passes/")
	}
	para, _, _ = strings.Cut(para, "\n* ")
	var named []string
	for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(para, -1) {
		named = append(named, m[1])
	}
	if !slices.Equal(named, Names()) {
		t.Errorf("docs/design.md's paragraph on passes/ names %v, the table %v", named, Names())
	}
}
