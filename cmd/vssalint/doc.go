// Command vssalint runs vssa's analyzers on packages, outside go vet
// (in CI, for instance):
//
//	vssalint [-json] [-fix] [-test=false] [-nilness=false] [-cond=false] [-bce=false] [-bce.all] PATTERNS...
//
// It is x/tools' multichecker: -json prints the reports as JSON, -fix
// applies suggested fixes, -test (on by default) includes test files.
// Exit status: 0 nothing reported, 1 a package failed to load or
// analyze, 3 reports.
package main
