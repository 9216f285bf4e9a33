// This file gives R15 to the allocator in functions that read and
// write no global variable. With -dynlink (shared libraries, plugins)
// the assembler turns each access of a global variable into a load of
// its address from the GOT through R15, and refuses a function that
// reads R15 after such an access (cmd/internal/obj/x86's errorCheck);
// CALL, JMP and LEAQ of a symbol do not use R15, nor do the file's own
// data (name<>). Where no instruction accesses a global, R15 is an
// ordinary register, as gc uses it: filterPaeth's loop, whose byte a
// and poll countdown were spilled with twelve registers, gets a
// thirteenth. Emit checks the rule again on the text (checkR15).

package native

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/vssa-go/vssa/validate"
)

const locR15 validate.Loc = 15

// usesGlobalData reports whether f has an instruction that the
// emitter writes as an access of a global variable.
func usesGlobalData(f *Func) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch {
			case in.Op == OpCPUFlag:
				return true
			case in.Op == OpIntrinsic && in.Intr == IntrPopcnt:
				return true // CMPB ·POPCNT(SB), $0
			case in.Op != OpLea && in.hasMem() && in.Mem.Sym != "" && !strings.HasSuffix(in.Mem.Sym, "<>"):
				return true
			}
		}
	}
	return false
}

// allocatableGP returns the general registers f's values may be given:
// R15 last where f accesses no global variable.
func allocatableGP(f *Func) []validate.Loc {
	if usesGlobalData(f) {
		return gpRegs
	}
	return append(append([]validate.Loc(nil), gpRegs...), locR15)
}

// reservedWith returns the reserved locations without those gp hands
// out.
func reservedWith(gp []validate.Loc) []validate.Loc {
	var out []validate.Loc
	for _, l := range reserved {
		if !slices.Contains(gp, l) {
			out = append(out, l)
		}
	}
	return out
}

// globalAccess matches a line that accesses a global variable: an
// operand name(SB) or name+k(SB) whose name is not the file's own
// (name<>), in an instruction other than CALL, JMP and LEAQ.
var globalAccess = regexp.MustCompile(`^\t(\w+) .*[·\w./]+(\+\d+)?\(SB\)`)

// checkR15 returns an error if text, a function's assembly, both
// mentions R15 and accesses a global variable: the allocator gave R15
// out where usesGlobalData missed an access.
func checkR15(text string) error {
	if !strings.Contains(text, "R15") {
		return nil
	}
	for _, line := range strings.Split(text, "\n") {
		m := globalAccess.FindStringSubmatch(line)
		if m == nil || strings.Contains(line, "<>(SB)") || strings.Contains(line, "<>+") {
			continue
		}
		switch m[1] {
		case "CALL", "JMP", "LEAQ":
			continue
		}
		return fmt.Errorf("internal error: R15 allocated in a function that accesses a global variable (%s), which dynamically linked code reaches through R15", strings.TrimSpace(line))
	}
	return nil
}
