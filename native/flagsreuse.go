// This file leaves out a compare whose flags are still set: an
// if-converted chain selects twice on one compare (math/bits.Len64's
// x >= 1<<16 picks both the shifted x and n+16), and each CMOV had its
// own CMPQ, the moves between them writing no flags; slices.Compare's
// x > y ? +1 : 0 compared x and y again after its branch on x < y.

package native

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// flagsKept matches the instructions that write no flags (moves, loads,
// stores, conditional moves, LEA), with their last operand, the one
// they write.
var flagsKept = regexp.MustCompile(`^\t(MOV[A-Z]*|CMOV[A-Z]+|LEA[LQ]) [^\n]*?([^ ,]+)$`)

// condJump matches a conditional jump, which reads the flags and
// writes nothing.
var condJump = regexp.MustCompile(`^\tJ([A-LN-Z][A-Z]*|M[A-OQ-Z][A-Z]*) \w+$`)

// wideReg matches the names of whole registers: a write to one never
// changes another.
var wideReg = regexp.MustCompile(`^(AX|BX|CX|DX|SI|DI|BP|R8|R9|R1[0-5]|X[0-9]|X1[0-5])$`)

// setFlags emits line, a compare or test, unless the flags already hold
// its result: the same line was emitted earlier in the code before it,
// with no way in between but falling through (a label between is one
// of fallLabels, a jump between a conditional one), and every line since
// writes no flags and none of the registers or memory it reads.
func (e *emitter) setFlags(line string) {
	if flagsHold(e.w.Bytes(), line, e.fallLabels) {
		return
	}
	e.w.WriteString(line + "\n")
}

// flagsHold reports whether the last flags-writing line of code is line
// and nothing after it changes what line would compute (see setFlags).
func flagsHold(code []byte, line string, fallLabels map[string]bool) bool {
	operands := line[strings.IndexByte(line[1:], ' ')+2:]
	readsMem := strings.Contains(operands, "(")
	for len(code) > 0 {
		code = code[:len(code)-1] // the newline
		i := bytes.LastIndexByte(code, '\n')
		prev := string(code[i+1:])
		code = code[:i+1]
		if prev == line {
			return true
		}
		if fallLabels[strings.TrimSuffix(prev, ":")] && strings.HasSuffix(prev, ":") || condJump.MatchString(prev) {
			continue
		}
		m := flagsKept.FindStringSubmatch(prev)
		if m == nil {
			return false // a label, a jump, or anything that may write flags
		}
		dst := m[2]
		switch {
		case strings.Contains(dst, "("):
			if readsMem {
				return false
			}
		case !wideReg.MatchString(dst):
			return false
		case wordIn(dst, operands):
			return false
		}
	}
	return false
}

// wordIn reports whether register name w occurs in s as a whole word.
func wordIn(w, s string) bool {
	for i := strings.Index(s, w); i >= 0; {
		j := i + len(w)
		if (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j])) {
			return true
		}
		k := strings.Index(s[i+1:], w)
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

func isWordByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// fallthroughLabels returns the labels of the blocks of order (the
// blocks in the order emitted, jump-only ones left out, target
// resolving a jump through those) that every edge into comes from the
// block just before: the code before such a label is the only way to it.
func fallthroughLabels(order []*Block, target func(int) int) map[string]bool {
	pos := map[int]int{}
	for i, b := range order {
		pos[b.Index] = i
	}
	only := map[int]bool{}
	bad := map[int]bool{order[0].Index: true} // the function's entry
	for i, b := range order {
		for _, s := range b.Succs {
			t := target(s)
			if j, ok := pos[t]; ok && j == i+1 {
				only[t] = true
			} else {
				bad[t] = true
			}
		}
	}
	labels := map[string]bool{}
	for b := range only {
		if !bad[b] {
			labels[fmt.Sprintf("b%d", b)] = true
		}
	}
	return labels
}
