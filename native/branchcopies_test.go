package native

import (
	"regexp"
	"strings"
	"testing"
)

// TestJumpToTestCopied checks that no jump goes to a block that only
// compares and branches (branchcopies.go): Correct's loop, shaped as
// each of math/bits.Div64's two, has its test q >= 1<<32 at the
// bottom, and the way into it jumped there to branch back up; Len64's
// if-converted chain (a jump-ended path into x >= 1<<16's test) is
// another. TestVSSACorrect, the generated test, checks the copies
// compute what the Go original does.
func TestJumpToTestCopied(t *testing.T) {
	const src = `func Correct(q, r, y, u uint64) uint64 {
	for q >= 1<<32 || q*y > r<<32+u {
		q--
		r += y
		if r >= 1<<32 {
			break
		}
	}
	return q
}
`
	dir, out, texts := genPkg(t, src, nil, []string{"Correct"})
	text := texts["Correct"]
	blocks := map[string][]string{} // label → its lines, up to the next label
	var label string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "PCALIGN"):
		case strings.HasSuffix(line, ":"):
			label = strings.TrimSuffix(line, ":")
		default:
			blocks[label] = append(blocks[label], line)
		}
	}
	compare := regexp.MustCompile(`^(CMP|TEST)[QLWB] `)
	jumps := 0
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "JMP b") {
			continue
		}
		jumps++
		b := blocks[strings.TrimPrefix(line, "JMP ")]
		if len(b) >= 2 && len(b) <= 3 && compare.MatchString(b[0]) && strings.HasPrefix(b[1], "J") && (len(b) == 2 || strings.HasPrefix(b[2], "JMP ")) {
			t.Errorf("%s: a jump to a block that only compares and branches (%s)\n%s", line, strings.Join(b, "; "), text)
		}
	}
	if !strings.Contains(text, "CMPQ") {
		t.Fatalf("no compare in Correct: the test checks nothing\n%s", text)
	}
	runGenPkg(t, dir, out, "TestVSSACorrect")
}
