// Package driverflags checks the analyzers' flags on a command line
// before a go/analysis driver parses them: the drivers' flag parsing
// prints the usage after a bad value, and go vet runs the vet tool once
// per package, so one bad value gave the usage some forty times. Check
// finds the bad value first, so that the driver can say it once.
package driverflags
