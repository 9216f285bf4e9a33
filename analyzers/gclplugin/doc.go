// Package gclplugin is vssa's golangci-lint v2 module plugin: it
// registers the linter "vssa", which runs the nilness, cond and bce
// analyzers (load mode typesinfo). Its settings are decoded strictly:
// an unknown key or analyzer name is an error, not ignored.
//
// examples/golangci has a .custom-gcl.yml that builds golangci-lint
// with it and a .golangci.yml that enables it.
package gclplugin
