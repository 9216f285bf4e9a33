// run

// Program values printed by fmt where Go's output does not depend on
// the program types' names, or calls their String and Error methods
// only where the interpreter's adapters stand for them.

package main

import (
	"errors"
	"fmt"
	"os"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

type Celsius float64

type Bytes []byte

type point struct{ X, y int }

type Pair struct {
	Name  string
	color Color // unexported: fmt does not call its String method
}

type Stack[T any] struct{ items []T }

type codeError struct{ code int }

func (e *codeError) Error() string { return fmt.Sprint("code ", e.code) }

func main() {
	fmt.Println(Color(1), Celsius(2.5), point{1, 2}, &point{3, 4})
	fmt.Printf("%v|%s|%q|%x|%X\n", Color(0), Color(1), Color(0), Color(1), Color(0))
	fmt.Printf("%d|%5.1f|%e|%v|%t\n", int(Celsius(3)), Celsius(1.25), Celsius(2), []Celsius{1, 2}, true)
	fmt.Printf("%+v|%v|%s|%x\n", Pair{"x", 1}, Stack[int]{[]int{1, 2}}, Bytes("hi"), Bytes("hi"))
	fmt.Println([]any{Color(1), 2, "s"}, map[string]any{"c": Color(0)})
	var err error = &codeError{3}
	wrapped := fmt.Errorf("wrap: %w", err)
	fmt.Println(err, wrapped, errors.Unwrap(wrapped) == err)
	fmt.Fprintln(os.Stdout, fmt.Sprint("a", 1, 2, "b"), fmt.Sprintf("%[2]v %[1]v", Color(0), Color(1)))
	fmt.Printf("%*d|%-*v|\n", 4, 7, 6, Color(1))
	fmt.Printf("%d %v\n", 1)
}
