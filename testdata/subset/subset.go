//go:build !amd64 || purego

package subset

// HexEncode writes the hexadecimal digits of src to dst, as encoding/hex's Encode.
func HexEncode(dst, src []byte) int {
	j := 0
	for _, v := range src {
		dst[j] = hextable[v>>4]
		dst[j+1] = hextable[v&0x0f]
		j += 2
	}
	return len(src) * 2
}

// SumWords mixes p four bytes at a time, advancing p by reslicing.
func SumWords(p []byte) uint32 {
	var s uint32
	for len(p) >= 4 {
		s += uint32(p[0]) | uint32(p[1])<<8
		s ^= mixTable[p[2]]
		p = p[4:]
	}
	for _, c := range p {
		s = s*31 + uint32(c)
	}
	return s
}

// Skip returns s without its first n elements, or its empty end if it
// has fewer.
func Skip(s []int64, n int) []int64 {
	if n > len(s) {
		return s[len(s):]
	}
	return s[n:]
}

// Field returns the i-th of the fields of s separated by sep.
func Field(s string, sep byte, i int) string {
	start := 0
	for k := 0; k < len(s); k++ {
		if s[k] == sep {
			if i == 0 {
				return s[start:k]
			}
			i--
			start = k + 1
		}
	}
	if i == 0 {
		return s[start:]
	}
	return ""
}

// ParsePair reads two bytes as a sum, or fails on a short input.
func ParsePair(p []byte) (int, error) {
	if len(p) < 2 {
		return 0, errShort
	}
	return int(p[0]) + int(p[1]), nil
}

// Window returns p[i:j:k], with Go's checks.
func Window(p []int32, i, j, k int) []int32 {
	return p[i:j:k]
}
