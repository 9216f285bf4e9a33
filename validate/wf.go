package validate

import "github.com/vssa-go/vssa/ir"

// wellFormed runs the IR checker, ignoring the given rules.
func wellFormed(f *ir.Func, d ir.Discipline, ignore ...string) error {
	err := ir.CheckStructure(f, d)
	if err == nil {
		return nil
	}
	var kept ir.CheckErrors
	for _, e := range err.(ir.CheckErrors) {
		skip := false
		for _, rule := range ignore {
			if e.Rule == rule {
				skip = true
			}
		}
		if !skip {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}
