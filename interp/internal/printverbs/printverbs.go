package printverbs

import (
	"strings"
	"unicode/utf8"
)

// Funcs are the printing functions the interpreter checks, with the
// index of their format parameter (receiver first for methods), or -1
// for those that print every operand with %v. The operands are the last, variadic
// parameter.
var Funcs = map[string]int{
	"fmt.Print": -1, "fmt.Println": -1, "fmt.Sprint": -1, "fmt.Sprintln": -1,
	"fmt.Fprint": -1, "fmt.Fprintln": -1, "fmt.Append": -1, "fmt.Appendln": -1,
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
	"log.Print": -1, "log.Println": -1, "log.Fatal": -1, "log.Fatalln": -1, "log.Panic": -1, "log.Panicln": -1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
	"(*log.Logger).Print": -1, "(*log.Logger).Println": -1, "(*log.Logger).Fatal": -1,
	"(*log.Logger).Fatalln": -1, "(*log.Logger).Panic": -1, "(*log.Logger).Panicln": -1,
	"(*log.Logger).Printf": 1, "(*log.Logger).Fatalf": 1, "(*log.Logger).Panicf": 1,
}

// Use is one verb an operand is printed with.
type Use struct {
	Verb  rune
	Sharp bool // the # flag
}

// Uses returns, for each of n operands, the verbs format prints it
// with, as fmt's Printf reads a format: flags, an optional [n] operand
// index, width and precision (a * takes an operand, printed with no
// verb), the verb. Operands no verb takes are printed as "%!(EXTRA
// type=value)" unless an index reordered them: with their type's name
// (%T) and %v.
func Uses(format string, n int) [][]Use {
	uses := make([][]Use, n)
	argNum, reordered := 0, false
	// index reads an operand index "[k]" at format[i:], if there is one.
	index := func(i int) int {
		if i >= len(format) || format[i] != '[' {
			return i
		}
		reordered = true
		end := strings.IndexByte(format[i:], ']')
		if end < 0 {
			return len(format)
		}
		k, ok := 0, end > 1
		for _, c := range format[i+1 : i+end] {
			if c < '0' || c > '9' {
				ok = false
				break
			}
			k = k*10 + int(c-'0')
			if k > n {
				ok = false
				break
			}
		}
		if ok && k >= 1 && k <= n {
			argNum = k - 1
		}
		return i + end + 1
	}
	// star reads a * (width or precision) at format[i:], which takes an
	// operand, or digits.
	star := func(i int) int {
		if i < len(format) && format[i] == '*' {
			argNum++
			return i + 1
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			i++
		}
		return i
	}
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		i++
		var u Use
		for ; i < len(format) && strings.IndexByte("#0+- ", format[i]) >= 0; i++ {
			u.Sharp = u.Sharp || format[i] == '#'
		}
		i = star(index(i))
		if i < len(format) && format[i] == '.' {
			i = star(index(i + 1))
		}
		i = index(i)
		if i >= len(format) {
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		if verb == '%' {
			continue
		}
		if argNum < n {
			u.Verb = verb
			uses[argNum] = append(uses[argNum], u)
			argNum++
		}
	}
	if !reordered {
		for k := argNum; k < n; k++ {
			uses[k] = append(uses[k], Use{Verb: 'T'}, Use{Verb: 'v'})
		}
	}
	return uses
}
