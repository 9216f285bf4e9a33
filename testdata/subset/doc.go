// Package subset holds Go functions written as hot code is written
// outside the backend's first subset: slice expressions, string
// constants, package-level tables, slices, strings and errors as
// results, math/bits. vssa compile turns them into amd64 assembly; the
// generated tests check it against these originals. Some are small
// enough for gc to inline: -inlinable compiles them anyway, to test the
// constructs.
package subset

//go:generate go run github.com/vssa-go/vssa/cmd/vssa compile -inlinable -o subset . HexEncode SumWords Skip Field ParsePair Window PopCount MixWords AddVV L2Norm Unsigned Bits Descale8 YCbCrToRGB (*Digest).Write Celsius.Fahrenheit InRange Centroid EmitLiteral Shift ParseDigits HexDecode (*Source).Add MostCommon ASCIIWords Halves SubVV AddMulVVWW Add192 Sub192 ByteLoads BigEndianWords Rounds CountOf MaxOf MaxOf[float64] InsertionSort Widen[int16,float32] Widen[int32,float64] IndexByteOf[string] IsSorted IsSorted[[]float64,float64] InsertionSort[float64] Total Smallest ASCIIPrefix Blocks Find RuneSum ByteRunes CountAfterASCII AppendDigits Squares MapInts HeapSort siftDown SortInts MoveUp MoveDown Marks SumInt8 XorUint16 OrUint64 Extremes IndexOf16 FindInt32 IndexNeg CountOf16 CountNeg WideScale ParseHex16 MixArray WordsAt FillAt
