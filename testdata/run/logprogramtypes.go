// run

// log prints the program's types as fmt does (Stringers inside slices and
// structs, %T, %#v), with the loggers' own settings and writers: log runs
// interpreted from source when the program gives it types of its own.

package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"strings"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

type upper struct{ n int }

func (u *upper) Write(p []byte) (int, error) {
	u.n++
	os.Stdout.WriteString(strings.ToUpper(string(p)))
	return len(p), nil
}

type P struct{ X, Y int }

func main() {
	log.SetFlags(log.Lshortfile)
	log.SetOutput(os.Stdout)
	log.Println("short", Color(1))
	log.SetFlags(log.Lmsgprefix)
	log.SetPrefix("[p] ")
	log.Printf("%v|%+v|%#v", Color(0), P{1, 2}, []Color{1})
	var buf bytes.Buffer
	l := log.New(&buf, "buf: ", 0)
	l.Println(P{5, 6}, &P{7, 8})
	fmt.Print(buf.String())
	u := &upper{}
	l2 := log.New(u, "up: ", 0)
	l2.Print("hello ", Color(1))
	fmt.Println(u.n, log.Prefix(), log.Flags(), l2.Prefix(), l2.Writer() == u)
	log.Default().Print("default")
	defer func() { fmt.Println("recovered:", recover()); log.Fatalln("fatal", Color(0)) }()
	log.Panicf("panic %v", Color(1))
}
