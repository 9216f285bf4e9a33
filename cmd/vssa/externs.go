package main

import "github.com/vssa-go/vssa/ir/interp"

// stdExterns returns the table of the standard library the interpreter
// calls into. (The generated table does not exist yet.)
func stdExterns() interp.Externs { return nil }
