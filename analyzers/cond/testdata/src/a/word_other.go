//go:build !amd64

package a

const wordBytes = 4
