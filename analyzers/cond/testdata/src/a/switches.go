package a

// Not reported: a range switch states each range whole, though its
// earlier cases make a bound redundant.
func header(h byte) int {
	switch {
	case h < 128:
		return 1
	case h < 255:
		return 2
	case h == 255:
		return 3
	}
	return 0
}

func bands(level int) int {
	switch {
	case level < 3:
		return 1
	case level >= 3 && level < 6:
		return 2
	}
	return 0
}

// Reported: a case its earlier cases leave dead.
func dead(level int) int {
	switch {
	case level < 3:
		return 1
	case level < 2: // want `level < 2 is always false: given the condition at switches.go:30`
		return 2
	case level >= 5 && level < 4: // want `level < 4 is always false: given the condition at switches.go:34`
		return 3
	}
	return 0
}

// Reported: the reason is outside the switch.
func outside(x int) int {
	if x > 10 {
		switch {
		case x > 5: // want `x > 5 is always true: given the condition at switches.go:42`
			return 1
		}
	}
	return 0
}

// Reported: the operands' types alone decide it.
func byType(b byte) int {
	switch {
	case b < 0: // want `b < 0 is always false`
		return 1
	case b <= 255: // want `b <= 255 is always true: given the operands' types`
		return 2
	}
	return 0
}
