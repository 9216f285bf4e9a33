// Package lint holds repository-wide checks run by go test: every Go
// file is gofmt-formatted, and every package has a doc.go with a package
// comment. It has no code of its own.
package lint
