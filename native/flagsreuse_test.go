package native

import (
	"strings"
	"testing"
)

// TestSelectsShareCompare checks that the two selects of each if-converted
// step of a Len64 (the shifted x and the count) read one compare: the
// CMPQ of x against 1<<16 or 1<<8 is not repeated for the second CMOV
// (flagsreuse.go).
func TestSelectsShareCompare(t *testing.T) {
	src := "func Lens(s []uint64) int {\n\tt := 0\n\tfor _, x := range s {\n\t\tn := 0\n\t\tif x >= 1<<16 {\n\t\t\tx >>= 16\n\t\t\tn += 16\n\t\t}\n\t\tif x >= 1<<8 {\n\t\t\tx >>= 8\n\t\t\tn += 8\n\t\t}\n\t\tt += n + int(x)\n\t}\n\treturn t\n}\n"
	text := compileOne(t, src, "Lens")
	if !strings.Contains(text, "CMOV") {
		t.Fatalf("Lens is not if-converted:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "\tCMPQ ") || !strings.HasSuffix(l, ", $65536") && !strings.HasSuffix(l, ", $256") {
			continue
		}
		for _, l2 := range lines[i+1 : min(i+6, len(lines))] {
			if l2 == l {
				t.Errorf("Lens repeats %q for the second select:\n%s", strings.TrimSpace(l), text)
			}
		}
	}
}

// TestFlagsHold checks flagsHold's rule on emitted lines: a compare is
// left out only after moves that write neither its operands nor, when it
// reads memory, memory, with no label between.
func TestFlagsHold(t *testing.T) {
	cmp := "\tCMPQ R9, $256"
	for _, c := range []struct {
		code string
		line string
		want bool
	}{
		{cmp + "\n\tMOVQ R10, R12\n\tCMOVQCS R12, R13\n", cmp, true},
		{cmp + "\n\tMOVQ $0, R12\n", cmp, true},
		{cmp + "\n\tMOVQ R10, 8(SP)\n", cmp, true},
		{cmp + "\n\tMOVQ R10, R9\n", cmp, false},                             // writes the operand
		{cmp + "\n\tLEAQ 8(R10), R9\n", cmp, false},                          // writes the operand
		{cmp + "\n\tADDQ $1, R12\n", cmp, false},                             // writes flags
		{cmp + "\nb3:\n", cmp, false},                                        // another way in
		{cmp + "\n\tMOVB $1, AL\n", cmp, false},                              // a part of a register
		{"\tCMPQ R9, R10\n\tMOVQ R12, R13\n", cmp, false},                    // another compare
		{"\tCMPB 0(BX), $5\n\tMOVQ R10, 8(SP)\n", "\tCMPB 0(BX), $5", false}, // memory written
		{"\tCMPB 0(BX), $5\n\tMOVQ R10, BX\n", "\tCMPB 0(BX), $5", false},    // address register written
		{"\tCMPB 0(BX), $5\n\tMOVQ R10, R12\n", "\tCMPB 0(BX), $5", true},
		{"\tUCOMISD X12, X3\n\tMOVSD X4, X1\n", "\tUCOMISD X12, X3", true}, // X1 is not X12
	} {
		if got := flagsHold([]byte(c.code), c.line, map[string]bool{"b4": true}); got != c.want {
			t.Errorf("flagsHold(%q, %q) = %v, want %v", c.code, c.line, got, c.want)
		}
	}
}

// TestBranchAndSelectShareCompare checks slices.Compare's shape: after
// the branch on x < y, the block it falls through to selects on x > y
// without comparing x and y again (flagsreuse.go's fallthroughLabels).
func TestBranchAndSelectShareCompare(t *testing.T) {
	src := "func Cmp(s1, s2 []int32) int {\n\tfor i, v1 := range s1 {\n\t\tif i >= len(s2) {\n\t\t\treturn +1\n\t\t}\n\t\tv2 := s2[i]\n\t\tc := 0\n\t\tif v1 < v2 {\n\t\t\tc = -1\n\t\t} else if v1 > v2 {\n\t\t\tc = +1\n\t\t}\n\t\tif c != 0 {\n\t\t\treturn c\n\t\t}\n\t}\n\tif len(s1) < len(s2) {\n\t\treturn -1\n\t}\n\treturn 0\n}\n"
	text := compileOne(t, src, "Cmp")
	if !strings.Contains(text, "CMOVQGT") {
		t.Fatalf("Cmp does not select on x > y:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	for k, l := range lines {
		if !strings.HasPrefix(l, "\tCMOVQGT") {
			continue
		}
		for j := k - 1; j >= 0 && !strings.HasPrefix(lines[j], "\tJLT"); j-- {
			if strings.HasPrefix(lines[j], "\tCMPQ") {
				t.Errorf("Cmp compares again after its branch on x < y (%q):\n%s", strings.TrimSpace(lines[j]), text)
			}
		}
	}
}
