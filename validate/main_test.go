package validate

import (
	"os"
	"testing"
)

// Every check the tests run also audits the fast mode (see
// AuditFastMode).
func TestMain(m *testing.M) {
	AuditFastMode = true
	os.Exit(m.Run())
}
