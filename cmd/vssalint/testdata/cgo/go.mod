module cgo

go 1.22
