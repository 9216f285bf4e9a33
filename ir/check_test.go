package ir

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wantPattern marks a line of a negative test file with the rule the
// checker must report there.
var wantPattern = regexp.MustCompile(`//\s*want\s+([a-z-]+)\s*$`)

// TestCheckNegative runs the checker on testdata/check/*.vssa. Each file
// starts with "// mode: rtl" or "// mode: ssa"; each line ending in
// "// want RULE" must get exactly one error of that rule, located on that
// line (an instruction, a block label, or a func header), and no error
// may be reported anywhere else.
func TestCheckNegative(t *testing.T) {
	files, err := filepath.Glob("testdata/check/*.vssa")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	rulesSeen := map[string]bool{}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(src)
			mode := RTL
			if strings.HasPrefix(text, "// mode: ssa") {
				mode = SSA
			} else if strings.HasPrefix(text, "// mode: gsa") {
				mode = GSA
			} else if !strings.HasPrefix(text, "// mode: rtl") {
				t.Fatal(`file must start with "// mode: rtl" or "// mode: ssa"`)
			}
			m, err := Parse(file, text)
			if err != nil {
				t.Fatal(err)
			}
			// Expected errors, keyed by the line's location key.
			want := map[string]string{}
			for i, line := range strings.Split(text, "\n") {
				mm := wantPattern.FindStringSubmatch(line)
				if mm == nil {
					continue
				}
				key := strings.TrimSpace(line[:strings.Index(line, "//")])
				if _, dup := want[key]; dup {
					t.Fatalf("line %d: two lines with the same text %q", i+1, key)
				}
				want[key] = mm[1]
				rulesSeen[mm[1]] = true
			}
			got := map[string][]string{}
			for _, f := range m.Funcs {
				err := Check(f, mode)
				if err == nil {
					continue
				}
				for _, e := range err.(CheckErrors) {
					got[lineKey(f, e)] = append(got[lineKey(f, e)], e.Rule)
					if !strings.Contains(e.Error(), "["+e.Rule+"]") || !strings.Contains(e.Error(), f.Name) {
						t.Errorf("message %q does not name the function and the rule", e.Error())
					}
					if e.Block >= 0 && !strings.Contains(e.Error(), "b") {
						t.Errorf("message %q does not name the block", e.Error())
					}
				}
			}
			for key, rule := range want {
				if rules := got[key]; len(rules) != 1 || rules[0] != rule {
					t.Errorf("%q: got rules %v, want [%s]", key, rules, rule)
				}
			}
			for key, rules := range got {
				if _, ok := want[key]; !ok {
					t.Errorf("%q: unexpected errors %v", key, rules)
				}
			}
			if t.Failed() {
				for _, f := range m.Funcs {
					t.Logf("%v", Check(f, mode))
				}
			}
		})
	}
	for _, rule := range []string{RuleTerminator, RulePreds, RuleRecover, RuleReachable, RuleTypes,
		RulePhiDiscipline, RuleDefined, RuleUniqueDef, RuleStrict, RulePhiJoin, RulePhiArity, RuleNormalised, RuleGSA} {
		if !rulesSeen[rule] {
			t.Errorf("no negative test file exercises rule %s", rule)
		}
	}
}

// lineKey returns the text of the line an error points at: the printed
// instruction, the block label line, or the function header.
func lineKey(f *Func, e *CheckError) string {
	switch {
	case e.Context != "":
		return e.Context
	case e.Block >= 0:
		b := f.Blocks[e.Block]
		s := strings.SplitN(f.String(), "\n", -1)
		prefix := "b" + strconv.Itoa(b.Index) + ":"
		for _, line := range s {
			if strings.HasPrefix(line, prefix) {
				return line
			}
		}
	}
	return strings.TrimSuffix(strings.SplitN(f.String(), "\n", 2)[0], " {")
}
