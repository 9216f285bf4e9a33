package native

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// guardSrc holds shifts by counts a loop does not change: HashSum is
// snappy's hash, (u * 0x1e35a7bd) >> shift, in a loop; ShlSum shifts
// left at 64 and 8 bits, signed and not; SarSum shifts right with the
// sign, whose guard stays; Crowded keeps more values in its loop than
// there are registers, so that the mask lives in a slot.
var guardSrc = `func HashSum(s []uint32, shift uint32) uint32 {
	var n uint32
	for i := range s {
		n += (s[i] * 0x1e35a7bd) >> shift & 1023
	}
	return n
}

func ShlSum(s []uint64, b []int8, c uint) (uint64, int8) {
	var n uint64
	var m int8
	for i := range s {
		n ^= s[i]<<c + n>>1
	}
	for i := range b {
		m += b[i] << c
	}
	return n, m
}

func SarSum(s []int64, c uint8) int64 {
	var n int64
	for i := range s {
		n += s[i] >> c
	}
	return n
}

func Shared(x, y, z uint64, c uint) uint64 {
	return x<<c ^ y<<c ^ z>>c
}

// ShiftedCount shifts by a shifted count: k's shift is masked (c is
// shared), and so are the two shifts by k, whose mask goes after the
// AND that now defines k, not after k's shift.
func ShiftedCount(x, y, z uint64, c uint) uint64 {
	k := y << c
	return x<<k ^ z>>k ^ z<<c
}
` + crowdedSrc()

// crowdedSrc returns Crowded: sixteen sums in one loop, each step
// reading a shift of the element by c.
func crowdedSrc() string {
	var src strings.Builder
	src.WriteString("func Crowded(s []uint32, c uint32) uint32 {\n")
	const n = 16
	for i := range n {
		fmt.Fprintf(&src, "\ta%d := uint32(%d)\n", i, i*7+1)
	}
	src.WriteString("\tfor _, x := range s {\n\t\ty := (x * 0x1e35a7bd) >> c\n")
	for i := range n {
		fmt.Fprintf(&src, "\t\ta%d = a%d*%d + y ^ a%d\n", i, i, 2*i+3, (i+n-1)%n)
	}
	src.WriteString("\t}\n\treturn a0")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&src, " + a%d", i)
	}
	src.WriteString("\n}\n")
	return src.String()
}

// maskLine matches the mask computed once for a count (CMPQ c, $64;
// SBBQ m, m), as opposed to a shift's own guard, SBBQ CX, CX.
var maskLine = regexp.MustCompile(`\tSBBQ (\w+), (\w+)\n`)

// countMasks returns how many masks (SBBQ m, m with m not CX) and how
// many shifts' own guards (SBBQ CX, CX) text holds.
func countMasks(text string) (masks, guards int) {
	for _, m := range maskLine.FindAllStringSubmatch(text, -1) {
		switch {
		case m[1] != m[2]:
		case m[1] == "CX":
			guards++
		default:
			masks++
		}
	}
	return masks, guards
}

// TestShiftGuardsHoisted checks that a loop's shift by a count set
// before it has no guard inside the loop (CMPQ CX, $64; SBBQ CX, CX),
// the mask being computed once before it, and that a signed right
// shift keeps its own.
func TestShiftGuardsHoisted(t *testing.T) {
	texts := compileGuards(t)
	for _, name := range []string{"HashSum", "ShlSum", "Crowded"} {
		text := texts[name]
		if masks, guards := countMasks(text); guards > 0 || masks == 0 {
			t.Errorf("%s: the shift's guard is not taken out of the loop:\n%s", name, text)
		}
	}
	if text := texts["SarSum"]; !strings.Contains(text, "CMPQ CX, $64") {
		t.Errorf("SarSum: a signed right shift lost its guard:\n%s", text)
	}
}

// TestSharedShiftMask checks that three shifts by one count outside
// any loop share one mask, as gc shares one SBBQ (math/bits.Div64's
// shifts by s), instead of a guard each.
func TestSharedShiftMask(t *testing.T) {
	text := compileGuards(t)["Shared"]
	if masks, guards := countMasks(text); masks != 1 || guards != 0 {
		t.Errorf("Shared: %d masks and %d guards of their own, want one mask for the three shifts:\n%s", masks, guards, text)
	}
}

// TestMaskFromSlot checks that where the loop has no register for the
// mask, the AND reads it from its slot (ANDQ k(SP), r), not through a
// reload into a register.
func TestMaskFromSlot(t *testing.T) {
	text := compileGuards(t)["Crowded"]
	if !regexp.MustCompile(`ANDQ \d+\(SP\), \w+`).MatchString(text) {
		t.Errorf("Crowded: no AND reads its operand from a slot:\n%s", text)
	}
}

var guardFuncs = []string{"HashSum", "ShlSum", "SarSum", "Shared", "ShiftedCount", "Crowded"}

// compileGuards compiles guardSrc's functions and returns each one's
// assembly.
func compileGuards(t *testing.T) map[string]string {
	dir := writeModule(t, map[string]string{"p.go": fallback + guardSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: guardFuncs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	texts := map[string]string{}
	for _, name := range guardFuncs {
		i := strings.Index(asm, "TEXT ·"+name+"(SB)")
		if i < 0 {
			t.Fatalf("no TEXT block of %s:\n%s", name, asm)
		}
		text := asm[i:]
		if j := strings.Index(text[1:], "\nTEXT "); j >= 0 {
			text = text[:j+1]
		}
		texts[name] = text
	}
	return texts
}

// guardTest compares the compiled functions with the Go originals,
// copied under other names, at counts around every width (a count of
// the width or more gives 0, or the sign for >>).
const guardTest = `package p

import "testing"

func TestGuards(t *testing.T) {
	u32 := []uint32{0, 1, 3, 0xdeadbeef, 0xffffffff, 0x80000000, 12345}
	u64 := []uint64{0, 1, 0x8000000000000000, 0xffffffffffffffff, 0x123456789abcdef}
	i8 := []int8{0, 1, -1, 127, -128, 5}
	i64 := []int64{0, 1, -1, 1 << 62, -1 << 63, 77}
	for _, c := range []uint{0, 1, 7, 8, 9, 15, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 1 << 31, 1<<32 + 3, 1 << 63} {
		if got, want := HashSum(u32, uint32(c)), refHashSum(u32, uint32(c)); got != want {
			t.Errorf("HashSum(%d) = %d, want %d", c, got, want)
		}
		g1, g2 := ShlSum(u64, i8, c)
		w1, w2 := refShlSum(u64, i8, c)
		if g1 != w1 || g2 != w2 {
			t.Errorf("ShlSum(%d) = %d, %d, want %d, %d", c, g1, g2, w1, w2)
		}
		if got, want := SarSum(i64, uint8(c)), refSarSum(i64, uint8(c)); got != want {
			t.Errorf("SarSum(%d) = %d, want %d", c, got, want)
		}
		for _, x := range u64 {
			if got, want := Shared(x, ^x, x*7+1, c), refShared(x, ^x, x*7+1, c); got != want {
				t.Errorf("Shared(%#x, %d) = %#x, want %#x", x, c, got, want)
			}
			for _, y := range []uint64{0, 1, 5, 63, 64, 65, 1 << 40} {
				if got, want := ShiftedCount(x, y, x*7+1, c), refShiftedCount(x, y, x*7+1, c); got != want {
					t.Errorf("ShiftedCount(%#x, %d, %d) = %#x, want %#x", x, y, c, got, want)
				}
			}
		}
		if got, want := Crowded(u32, uint32(c)), refCrowded(u32, uint32(c)); got != want {
			t.Errorf("Crowded(%d) = %d, want %d", c, got, want)
		}
	}
}
`

// TestShiftGuardsSemantics runs the compiled functions against Go's
// at counts below, at and above each width.
func TestShiftGuardsSemantics(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	ref := guardSrc
	for _, name := range guardFuncs {
		ref = strings.ReplaceAll(ref, "func "+name+"(", "func ref"+name+"(")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback + guardSrc, "ref_test.go": "package p\n\n" + ref, "guard_test.go": guardTest})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: guardFuncs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "-run", "Test", "."}} {
		if msg, err := rfGo(dir, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, msg)
		}
	}
}
