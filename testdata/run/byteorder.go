// run

// Methods of the unexported types of encoding/binary's byte orders,
// called through the exported variables.

package main

import (
	"encoding/binary"
	"fmt"
)

func main() {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	fmt.Println(binary.BigEndian.Uint32(b), binary.LittleEndian.Uint64(b), binary.NativeEndian.Uint16(b))
	binary.BigEndian.PutUint16(b, 0xabcd)
	fmt.Println(b, binary.BigEndian.AppendUint32(nil, 7), binary.LittleEndian.String())
	var bo binary.ByteOrder = binary.BigEndian
	fmt.Println(bo.Uint16(b), bo)
	fmt.Printf("%v %#v\n", binary.LittleEndian, binary.BigEndian)
	defer func() { fmt.Println(recover()) }()
	binary.BigEndian.Uint32(b[:2])
}
