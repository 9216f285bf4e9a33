// run

// reflect.VisibleFields and FieldByNameFunc on the program's structs:
// fields hidden by depth and by ambiguity, embedded pointers, a
// recursive type, and the order in which match is called.

package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Base struct {
	ID   int
	Name string
	note string
}

type Other struct {
	Name  string
	Extra bool
}

type Deep struct{ Inner }

type Inner struct {
	ID    int64
	Level int
}

type Rec struct {
	*Rec
	V int
}

type Doc struct {
	Base
	*Other
	Deep
	Title string `json:"title"`
	ID    string
}

func main() {
	for _, f := range reflect.VisibleFields(reflect.TypeOf(Doc{})) {
		fmt.Println(f.Name, f.Index, f.Type, f.Anonymous, f.Tag, f.Offset, f.PkgPath)
	}
	fmt.Println(len(reflect.VisibleFields(reflect.TypeOf(Rec{}))))
	var calls []string
	match := func(name string) bool {
		calls = append(calls, name)
		return strings.EqualFold(name, "level")
	}
	f, ok := reflect.TypeOf(Doc{}).FieldByNameFunc(match)
	fmt.Println(f.Name, f.Index, ok)
	fmt.Println(strings.Join(calls, " "))
	calls = nil
	_, ok = reflect.TypeOf(Doc{}).FieldByNameFunc(func(s string) bool { calls = append(calls, s); return s == "Name" })
	fmt.Println(ok, strings.Join(calls, " "))
	_, ok = reflect.TypeOf(Rec{}).FieldByNameFunc(func(s string) bool { return s == "nope" })
	fmt.Println(ok)
	d := Doc{Deep: Deep{Inner{Level: 7}}, Other: &Other{Extra: true}}
	fmt.Println(reflect.ValueOf(d).FieldByNameFunc(match), reflect.ValueOf(d).FieldByNameFunc(func(s string) bool { return s == "Extra" }))
	fmt.Println(reflect.ValueOf(d).FieldByNameFunc(func(string) bool { return false }).IsValid())
	var nilOther Doc
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf(nilOther).FieldByNameFunc(func(s string) bool { return s == "Extra" })
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.VisibleFields(reflect.TypeOf(1))
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.TypeOf(1).FieldByNameFunc(match)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf(1).FieldByNameFunc(match)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.VisibleFields(nil)
	}()
}
