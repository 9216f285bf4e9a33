package mem2reg

import (
	"os"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// Every validation the tests run (honest results and mutants) also
// audits the validator's fast mode (see validate.AuditFastMode).
func TestMain(m *testing.M) {
	validate.AuditFastMode = true
	os.Exit(m.Run())
}
