package main

import (
	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/interp/stdlib"
)

// stdExterns returns the table of the standard library the interpreter
// calls into.
func stdExterns() interp.Externs { return stdlib.Table{} }
