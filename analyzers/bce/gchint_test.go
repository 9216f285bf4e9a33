package bce_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/bce"
)

// TestGCJudgesHints: with -bce.gc, a hint is kept only where gc's
// check_bce no longer reports the check with it too. Under _ =
// dst[end-1] gc keeps from1's check and dst = dst[:end] is named
// instead; u8's reslice, a fix check elimination confirms, leaves gc's
// check: it is not offered (the golden file holds no edit there), and
// the message says why; copyTo's and eight's fixes and upTo's message
// hint are confirmed. Without gc's verdict from1 would name _ =
// dst[end-1] and u8 would get s = s[:n] as a fix.
func TestGCJudgesHints(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build with gc: -bce.gc needs one")
	}
	if err := bce.Analyzer.Flags.Set("gc", "true"); err != nil {
		t.Fatal(err)
	}
	defer bce.Analyzer.Flags.Set("gc", "false")
	analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "gc"), bce.Analyzer, "./...")
}
