// Package bench measures the SSA construction of vssa against x/tools'
// own lifting on the same packages, in one process and one run: x/tools'
// lifting time is its default-mode build minus its NaiveForm build; vssa's
// is normalize + promotion + SSA construction per builder, with each
// validator timed apart. It also counts the phis each produces. The
// vssa bench command prints the result.
package bench
