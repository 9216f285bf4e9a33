// run

// encoding/json calls a program type's MarshalJSON method and names its
// types in errors: the real package would get a stand-in without them.

package main

import (
	"encoding/json"
	"fmt"
)

type Celsius float64

func (c Celsius) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("\"%.1fC\"", float64(c))), nil
}

type T struct {
	Name string  `json:"name"`
	Temp Celsius `json:"temp"`
}

func main() {
	b, err := json.Marshal(T{"x", 21.5})
	fmt.Println(string(b), err)
	var t T
	err = json.Unmarshal([]byte(`{"name":"y","temp":3}`), &t)
	fmt.Println(t, err)
}
