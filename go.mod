module github.com/vssa-go/vssa

go 1.26.0
