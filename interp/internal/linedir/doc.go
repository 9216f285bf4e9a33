// Package linedir gives the file names of positions under line
// directives as gc's runtime reports them (runtime.Caller,
// CallersFrames): the name exactly as the directive writes it, where
// go/scanner cleans a relative name and joins it to the file's
// directory, and "??" for an empty one (`//line :30`). GOROOT's
// test/fixedbugs/issue18149.go and issue22662.go check this.
//
// It is the interpreter's, kept apart because it needs nothing of it:
// it reads source files, not values.
package linedir
