// This file prints results, as text or as JSON lines.

package goroot

import (
	"encoding/json"
	"fmt"
	"io"
)

// TextReport returns a report function for Run that prints one line per
// failed program to w,
//
//	FAIL test/fixedbugs/issue1234.go: stdout line 1: got "a", want "b"
//
// naming the program by its path relative to GOROOT. Passes and skips
// print nothing.
func TextReport(w io.Writer) func(Result) {
	return func(res Result) {
		if res.Outcome == Fail {
			fmt.Fprintf(w, "FAIL test/%s: %s\n", res.Test, res.Reason)
		}
	}
}

// JSONReport returns a report function for Run that prints every result
// to w as a JSON object on one line:
//
//	{"test":"fixedbugs/issue1234.go","outcome":"pass","reason":"","seconds":0.12}
func JSONReport(w io.Writer) func(Result) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return func(res Result) {
		enc.Encode(res)
	}
}
