// Package intests holds nil uses in a test file, which nilness reports
// as x/tools' nilness does (intests_test.go).
package intests
