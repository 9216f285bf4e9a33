// Package gclplugin is vssa's golangci-lint v2 module plugin: it
// registers the linter "vssa", which runs the nilness, cond and bce
// analyzers (load mode typesinfo). Its settings are decoded strictly:
// an unknown key or analyzer name is an error, not ignored. Reports
// carry no related information (fold.go): golangci-lint would make each
// related position an issue of its own, which //nolint:vssa on the
// reported line would not silence; the message names it instead.
//
// examples/golangci has a .custom-gcl.yml that builds golangci-lint
// with it and a .golangci.yml that enables it.
package gclplugin
