package main

import (
	"os"
	"strings"
)

// takeTags removes -tags from args and returns the arguments left and
// the environment for the multichecker, whose -tags has no effect (it
// loads packages with go/packages, which reads GOFLAGS): the tags go
// there, appended to the GOFLAGS already set. Tags may be written
// comma- or space-separated, as go build takes them.
func takeTags(args, env []string) ([]string, []string) {
	var out []string
	tags, set := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "tags" {
			out = append(out, a)
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		tags, set = value, true
	}
	if !set {
		return args, env
	}
	flag := "-tags=" + strings.Join(strings.FieldsFunc(tags, func(r rune) bool { return r == ',' || r == ' ' }), ",")
	goflags := os.Getenv("GOFLAGS")
	var newEnv []string
	for _, e := range env {
		if !strings.HasPrefix(e, "GOFLAGS=") {
			newEnv = append(newEnv, e)
		}
	}
	return out, append(newEnv, "GOFLAGS="+strings.TrimSpace(goflags+" "+flag))
}
