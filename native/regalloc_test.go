package native

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoStoreThenReload checks that a spilled value read in the block
// that stored it, while the register it was stored from still holds it,
// is read from that register, not loaded back: a loop keeping more
// values than there are registers, each computed from the one before,
// spills some.
//
// Blocks8 (xxhash's writeBlocks with eight sums) spills b's length
// at the entry, which the edge into the loop then moves to the loop's
// phi: from the register it was stored from, not from its slot.
func TestNoStoreThenReload(t *testing.T) {
	for _, tc := range []struct{ name, src string }{{"Many", manySrc()}, {"Blocks8", `func Blocks8(d *[8]uint64, b []byte) int {
	n := len(b)
	v1, v2, v3, v4, v5, v6, v7, v8 := d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]
	for len(b) >= 64 {
		v1 = (v1 + uint64(b[0])*3) * 7
		v2 = (v2 + uint64(b[8])*5) * 11
		v3 = (v3 + uint64(b[16])*13) * 17
		v4 = (v4 + uint64(b[24])*19) * 23
		v5 = (v5 + uint64(b[32])*3) * 7
		v6 = (v6 + uint64(b[40])*5) * 11
		v7 = (v7 + uint64(b[48])*13) * 17
		v8 = (v8 + uint64(b[56])*19) * 23
		b = b[64:]
	}
	d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = v1, v2, v3, v4, v5, v6, v7, v8
	return n - len(b)
}
`}} {
		text := compileOne(t, tc.src, tc.name)
		if !strings.Contains(text, "(SP)") {
			t.Fatalf("%s: nothing spilled: the test checks nothing\n%s", tc.name, text)
		}
		if r := storedThenReloaded(text); r != "" {
			t.Errorf("%s: %s\n%s", tc.name, r, text)
		}
	}
}

// storedThenReloaded returns the first load of a slot, in straight-line
// code, from a slot stored from a register not written since, or "".
// A label, a jump and an instruction that writes registers it does not
// name end the straight line.
func storedThenReloaded(text string) string {
	store := regexp.MustCompile(`^MOV(Q|L|OU|SD|SS) (\w+), (\d+\(SP\))$`)
	load := regexp.MustCompile(`^MOV(Q|L|OU|SD|SS) (\d+\(SP\)), (\w+)$`)
	held := map[string]string{} // slot → the register it was stored from
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if m := store.FindStringSubmatch(line); m != nil {
			held[m[3]] = m[2]
			continue
		}
		if m := load.FindStringSubmatch(line); m != nil {
			if r, ok := held[m[2]]; ok {
				return fmt.Sprintf("a load of %s, stored from %s, which still holds it", m[2], r)
			}
		}
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' })
		if len(fields) == 0 || strings.HasSuffix(line, ":") || strings.HasPrefix(line, "J") || strings.HasPrefix(line, "CALL") ||
			strings.Contains(line, "DIV") || strings.Contains(line, "MUL") && !strings.Contains(line, "IMUL3") || strings.HasPrefix(line, "REP") || strings.HasPrefix(line, "XCHG") || strings.HasPrefix(line, "CQO") {
			clear(held)
			continue
		}
		dst := fields[len(fields)-1]
		for slot, r := range held {
			if r == dst {
				delete(held, slot)
			}
		}
	}
	return ""
}

// manySrc returns a function whose loop keeps more values than there
// are registers.
func manySrc() string {
	var src strings.Builder
	src.WriteString("func Many(s []uint32) uint32 {\n")
	const n = 16
	for i := range n {
		fmt.Fprintf(&src, "\ta%d := uint32(%d)\n", i, i*7+1)
	}
	src.WriteString("\tfor _, x := range s {\n")
	for i := range n {
		fmt.Fprintf(&src, "\t\ta%d = a%d*%d + x ^ a%d\n", i, i, 2*i+3, (i+n-1)%n)
	}
	src.WriteString("\t}\n\treturn a0")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&src, " + a%d", i)
	}
	src.WriteString("\n}\n")
	return src.String()
}

// TestSpillOutsideTheRounds checks which values are spilled when a loop
// keeps more than there are registers, as sha1's blockGeneric does: the
// eight running sums h0..h7, used once an iteration, go to the stack,
// not the temporaries of the unrolled rounds. The rounds need nine
// registers (a, b, c, d, t, two temporaries, p's base, the index), so
// only the loads of the spilled sums that start a..d may touch the
// stack there.
func TestSpillOutsideTheRounds(t *testing.T) {
	text := compileOne(t, `func Blocks(p []uint32, dig *[8]uint32) {
	h0, h1, h2, h3, h4, h5, h6, h7 := dig[0], dig[1], dig[2], dig[3], dig[4], dig[5], dig[6], dig[7]
	for len(p) >= 8 {
		a, b, c, d := h0, h1, h2, h3
		for i := 0; i < 8; i++ {
			t := (a<<5 | a>>27) + (b&c | ^b&d) + p[i]
			d = c
			c = b<<30 | b>>2
			b = a
			a = t
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 ^= a
		h5 ^= b
		h6 ^= c
		h7 ^= d
		p = p[8:]
	}
	dig[0], dig[1], dig[2], dig[3], dig[4], dig[5], dig[6], dig[7] = h0, h1, h2, h3, h4, h5, h6, h7
}
`, "Blocks")
	// The rounds: from the first rotation by 5 to the eighth by 30.
	start := strings.Index(text, "ROLL $5")
	if start < 0 {
		t.Fatalf("no rounds found:\n%s", text)
	}
	rounds := text[start:]
	for n, at := 0, 0; ; n++ {
		i := strings.Index(rounds[at:], "ROLL $30")
		if i < 0 {
			t.Fatalf("fewer than eight rounds found:\n%s", text)
		}
		at += i + 1
		if n == 7 {
			rounds = rounds[:at]
			break
		}
	}
	if n := strings.Count(rounds, "(SP)"); n > 4 {
		t.Errorf("%d stack references in the rounds, want at most 4:\n%s", n, text)
	}
}

// TestSpilledPhiSharesSlot checks that a spilled loop-carried value and
// the spilled value that replaces it each iteration share a stack slot:
// no copy from slot to slot (through the scratch register R11) on the
// loop's edges. The copies of the poll's pointers to and from its
// outgoing arguments, below 16*MaxPollPointers, are not such copies.
func TestSpilledPhiSharesSlot(t *testing.T) {
	text := compileOne(t, manySrc(), "Many")
	load := regexp.MustCompile(`^MOVQ (\d+)\(SP\), R11$`)
	store := regexp.MustCompile(`^MOVQ R11, (\d+)\(SP\)$`)
	lines := strings.Split(text, "\n")
	frameSlot := func(off string) bool {
		n, _ := strconv.Atoi(off)
		return n >= 16*MaxPollPointers
	}
	for i := 1; i < len(lines); i++ {
		l, s := load.FindStringSubmatch(strings.TrimSpace(lines[i-1])), store.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if l != nil && s != nil && frameSlot(l[1]) && frameSlot(s[1]) {
			t.Errorf("a copy from slot %s(SP) to slot %s(SP)", l[1], s[1])
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}
