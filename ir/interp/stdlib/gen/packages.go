package main

// Packages are the standard library packages whose exported API the
// interpreter can call. Packages whose values cannot meaningfully cross
// the boundary (unsafe, generic-only ones like slices and maps, syscall)
// are left out.
var Packages = []string{
	"bufio", "bytes", "container/heap", "container/list", "container/ring", "context",
	"crypto/md5", "crypto/sha1", "crypto/sha256", "encoding/base64", "encoding/binary",
	"encoding/hex", "encoding/json", "errors", "flag", "fmt", "hash", "hash/crc32",
	"hash/fnv", "io", "io/fs", "io/ioutil", "log", "math", "math/big", "math/bits",
	"math/cmplx", "math/rand", "os", "os/exec", "path", "path/filepath", "reflect",
	"regexp", "runtime", "runtime/debug", "sort", "strconv", "strings", "sync",
	"sync/atomic", "text/tabwriter", "time", "unicode", "unicode/utf16", "unicode/utf8",
}

// skip lists exported names that cannot be referenced as values.
var skip = map[string]bool{}
