package b

import "example.com/other/cpuid"

const K = 7

var Table = [4]uint32{1, 2, 3, K}

// HasAVX2 needs another module, which the extracted code does not.
var HasAVX2 = cpuid.Has("avx2")
