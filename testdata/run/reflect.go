// run

// reflect on the program's types: names, fields with tags and
// offsets, methods in reflect's order, Method and MethodByName values
// called, settable fields, unexported ones read-only, generic instances,
// DeepEqual, maps, MakeFunc, New and Zero, type constructors, a Value
// printed by fmt (the value it holds), and reflect's panic.

package main

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

type Point struct {
	X, Y int
	name string `json:"n,omitempty"`
}

func (p Point) Sum() int          { return p.X + p.Y }
func (p *Point) Scale(k int)      { p.X *= k; p.Y *= k }
func (p Point) Add(q Point) Point { return Point{X: p.X + q.X, Y: p.Y + q.Y} }

type Stack[T any] struct{ items []T }

type Shape interface{ Area() float64 }

func main() {
	fmtValues()
	p := Point{1, 2, "a"}
	t := reflect.TypeOf(p)
	fmt.Println(t.String(), t.Name(), t.PkgPath(), t.Kind(), t.NumField(), t.NumMethod())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Println(f.Name, f.Type.String(), f.Tag.Get("json"), f.PkgPath, f.Offset, f.Index, f.Anonymous)
	}
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		fmt.Println(m.Name, m.Type.String(), m.Index)
	}
	pt := reflect.TypeOf(&p)
	fmt.Println(pt.String(), pt.Kind(), pt.Elem().Name(), pt.NumMethod())
	v := reflect.ValueOf(&p).Elem()
	v.Field(0).SetInt(10)
	fmt.Println(p.X, v.Field(1).Int(), v.Field(2).CanInterface(), v.Field(0).CanSet(), v.Field(2).CanSet())
	res := reflect.ValueOf(p).MethodByName("Add").Call([]reflect.Value{reflect.ValueOf(Point{X: 5})})
	fmt.Println(res[0].Field(0).Int(), res[0].Type().String())
	reflect.ValueOf(&p).MethodByName("Scale").Call([]reflect.Value{reflect.ValueOf(3)})
	fmt.Println(p.X, p.Y)
	fmt.Println(reflect.TypeOf(Stack[string]{}).String(), reflect.TypeOf(Stack[string]{}).Name())
	fmt.Println(reflect.TypeOf(Color(1)).String(), reflect.ValueOf(Color(1)).Int())
	fmt.Println(reflect.TypeOf([]map[string]*Point{}).String(), reflect.TypeOf(func(int, ...string) error { return nil }).String())
	var s Shape
	fmt.Println(reflect.TypeOf(&s).Elem().Kind(), reflect.TypeOf(&s).Elem().String(), reflect.TypeOf(s) == nil)
	fmt.Println(reflect.DeepEqual([]Point{{1, 2, "x"}}, []Point{{1, 2, "x"}}), reflect.DeepEqual(map[string][]int{"a": {1}}, map[string][]int{"a": {2}}))
	m := map[string]int{"b": 2, "a": 1}
	mv := reflect.ValueOf(m)
	var keys []string
	for _, k := range mv.MapKeys() {
		keys = append(keys, k.String()+"="+fmt.Sprint(mv.MapIndex(k).Int()))
	}
	sort.Strings(keys)
	fmt.Println(strings.Join(keys, ","), mv.Len())
	fn := reflect.MakeFunc(reflect.TypeOf(func(int, int) int { return 0 }), func(args []reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(int(args[0].Int() * args[1].Int()))}
	}).Interface().(func(int, int) int)
	fmt.Println(fn(6, 7))
	fmt.Println(reflect.TypeOf(p) == reflect.TypeOf(Point{}), reflect.TypeOf(p) == reflect.TypeOf(&p))
	nv := reflect.New(t).Elem()
	nv.FieldByName("Y").SetInt(9)
	fmt.Println(nv.Interface().(Point).Y, reflect.Zero(t).Interface().(Point).Sum())
	fmt.Println(reflect.PointerTo(t).String(), reflect.SliceOf(t).String(), reflect.MapOf(reflect.TypeOf(""), t).String(), reflect.ArrayOf(3, t).String())
	fmt.Println(reflect.TypeOf(p).Implements(reflect.TypeOf((*fmt.Stringer)(nil)).Elem()), reflect.TypeOf(Color(0)).Implements(reflect.TypeOf((*fmt.Stringer)(nil)).Elem()))
	defer func() { fmt.Println("recovered:", recover()) }()
	reflect.ValueOf(p).Field(0).SetInt(1)
}

func fmtValues() {
	t := reflect.TypeOf(Point{})
	fmt.Println(t, t.Kind(), reflect.TypeOf(3))
	fmt.Printf("%v %s\n", t, t)
	fmt.Println(reflect.ValueOf(3), reflect.ValueOf(Point{1, 2, "b"}), reflect.ValueOf(Color(1)))
}
