// Package gorelease says which Go release the interpreter was built
// with: for the few behaviours gc changed between releases (a line
// directive's file name, reflect.Value.Seq of a nil array pointer), the
// interpreter follows the toolchain that compiles the programs it is
// compared with, which is the one that built it.
package gorelease
