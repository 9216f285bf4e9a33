package forms

// Repeated tests p twice: gvn's form keeps the first test alone, so
// the SSA form, which decides the second, is certified too.
func Repeated(p *int) int {
	n := 0
	if p != nil {
		n++
	}
	if p != nil {
		n += *p
	}
	return n
}

// Merged computes i+1 twice: gvn's form keeps one sum, and every
// comparison, check and use of nil stays, so gvn's form alone is
// certified.
func Merged(s []int, i int) int {
	a := i + 1
	b := i + 1
	if a < b {
		return s[i]
	}
	return a * b
}
