//go:build special

// Package tagged has a report only when built with the tag special.
package tagged

func Nested(x int) int {
	if x > 10 {
		if x > 5 {
			return 1
		}
	}
	return 0
}
