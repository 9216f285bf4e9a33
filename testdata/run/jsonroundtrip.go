// run

// encoding/json on the program's types runs interpreted from source over
// the interpreter's reflect: struct tags, omitempty, embedded structs,
// the program's Marshaler, Unmarshaler and TextMarshaler methods, errors
// naming the program's types and fields, decoding into interfaces.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Base struct {
	ID   int    `json:"id"`
	Kind string `json:"kind,omitempty"`
}

type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("L%d", int(l))), nil }

func (l *Level) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "L%d", (*int)(l))
	return err
}

type Point struct{ X, Y int }

func (p Point) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf("[%d,%d]", p.X, p.Y)), nil }

func (p *Point) UnmarshalJSON(b []byte) error {
	var xy [2]int
	if err := json.Unmarshal(b, &xy); err != nil {
		return err
	}
	p.X, p.Y = xy[0], xy[1]
	return nil
}

type Doc struct {
	Base
	Title   string           `json:"title"`
	Tags    []string         `json:"tags,omitempty"`
	Levels  map[Level]string `json:"levels"`
	At      *Point           `json:"at,omitempty"`
	Path    []Point          `json:"path"`
	Any     any              `json:"any"`
	Raw     json.RawMessage  `json:"raw"`
	Skip    string           `json:"-"`
	private int
	Ratio   float64 `json:"ratio,string"`
}

func main() {
	d := Doc{
		Base:   Base{ID: 7},
		Title:  "a <b> & c",
		Levels: map[Level]string{2: "two", 1: "one"},
		At:     &Point{1, 2},
		Path:   []Point{{3, 4}, {5, 6}},
		Any:    map[string]any{"n": 1.5, "s": []any{"x", true, nil}},
		Raw:    json.RawMessage(`{"keep":1}`),
		Skip:   "no",
		Ratio:  0.25,
	}
	b, err := json.Marshal(d)
	fmt.Println(string(b), err)
	var back Doc
	err = json.Unmarshal(b, &back)
	fmt.Printf("%+v %+v %v\n", back.Base, *back.At, err)
	fmt.Println(back.Title, back.Levels, back.Path, back.Any, string(back.Raw), back.Ratio)

	var ind bytes.Buffer
	json.Indent(&ind, []byte(`{"a":[1,2],"b":{}}`), "", "  ")
	fmt.Println(ind.String())

	for _, bad := range []string{`{"id":"x"}`, `{"at":[1]}`, `{"levels":{"Q":"z"}}`, `{"title":5}`, `[1,2`, `{"path":{}}`} {
		var x Doc
		err := json.Unmarshal([]byte(bad), &x)
		fmt.Printf("%T: %v\n", err, err)
	}

	dec := json.NewDecoder(strings.NewReader(`{"id":1} {"id":2} {"id":3,"extra":true}`))
	dec.DisallowUnknownFields()
	for {
		var b Base
		if err := dec.Decode(&b); err != nil {
			fmt.Println("decode:", err)
			break
		}
		fmt.Println(b.ID)
	}
	var n any
	d2 := json.NewDecoder(strings.NewReader(`{"big":12345678901234567890}`))
	d2.UseNumber()
	d2.Decode(&n)
	fmt.Printf("%v %T\n", n, n.(map[string]any)["big"])

	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent(">", "\t")
	enc.Encode(struct {
		A Level
		B []Base `json:"b"`
	}{3, []Base{{1, "k"}}})
	_, err = json.Marshal(map[string]any{"f": func() {}})
	fmt.Println(err)
	_, err = json.Marshal(struct{ C chan int }{})
	fmt.Println(err)
}
