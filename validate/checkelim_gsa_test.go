package validate

import (
	"strings"
	"testing"
)

// On GSA form check elimination reads a gamma as the phi it stands
// for: its argument on each incoming edge. ceFlag's certificate holds
// with its phi a gamma, and its wrong guard is still rejected.
func TestCheckElimOnGSA(t *testing.T) {
	gated := strings.Replace(ceFlag, "r6:bool = phi r4, r5", "r6:bool = gamma [r3] r4, [!r3] r5", 1)
	if gated == ceFlag {
		t.Fatal("no phi replaced")
	}
	f := parse(t, gated)
	ok := map[int][]Fact{1: {nonnil(0)}, 3: {guarded(isTrue(6), nonnil(0))}, 4: {nonnil(0)}}
	if err := checkElimOf(t, gated, gated, &CheckElimHints{Entry: entries(len(f.Blocks), ok), Decided: []Decision{{4, 0, false}}}); err != nil {
		t.Errorf("honest certificate on GSA form rejected: %v", err)
	}
	bad := map[int][]Fact{1: {nonnil(0)}, 3: {guarded(isFalse(6), nonnil(0))}, 4: {nonnil(0)}}
	if err := checkElimOf(t, gated, gated, &CheckElimHints{Entry: entries(len(f.Blocks), bad)}); err == nil {
		t.Error("a wrong guard across a gamma accepted")
	}
	// A result that changes the gamma's gates is not the input.
	swapped := strings.Replace(gated, "gamma [r3] r4, [!r3] r5", "gamma [!r3] r4, [r3] r5", 1)
	if err := checkElimOf(t, gated, swapped, &CheckElimHints{Entry: entries(len(f.Blocks), ok)}); err == nil {
		t.Error("a result with a gamma's gates swapped accepted")
	}
}
