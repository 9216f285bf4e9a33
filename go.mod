module github.com/vssa-go/vssa

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/pprof v0.0.0-20260906184651-6331bc6350fe
	github.com/rogpeppe/go-internal v1.14.1
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

tool (
	github.com/vssa-go/vssa/cmd/vssa
	github.com/vssa-go/vssa/cmd/vssalint
	github.com/vssa-go/vssa/cmd/vssavet
)
