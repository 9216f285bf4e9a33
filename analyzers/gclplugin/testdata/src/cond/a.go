package cond

func nested(x int) int {
	if x > 10 {
		if x > 5 { // want `x > 5 is always true: given the condition at a.go:4$`
			return 1
		}
	}
	return 0
}
