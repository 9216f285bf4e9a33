// Package abi holds the stand-in for the runtime's type descriptor that
// the run-time error types of package runtime and maps point to, so that
// %#v of such an error prints "(*abi.Type)(0x…)" as it does under gc.
package abi
