package a

// A generic function gets the reports of the same code instantiated:
// its comparison of T values (ordered in every type of T's set) no
// longer keeps it from the analysis.
func maxOf[T int | int64 | float64](s []T) T {
	m := s[0]
	for i := 1; i < len(s); i++ {
		if i > 0 && s[i] > m { // want `i > 0 is always true: given the values i takes through the loop`
			m = s[i]
		}
	}
	return m
}

func maxOfInts(s []int) int {
	m := s[0]
	for i := 1; i < len(s); i++ {
		if i > 0 && s[i] > m { // want `i > 0 is always true: given the values i takes through the loop`
			m = s[i]
		}
	}
	return m
}
