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
	"syscall", "runtime/pprof", "runtime/trace", "testing", "go/ast", "go/token", "go/parser",
	"text/template", "html/template", "os/signal", "math/rand/v2", "strings", "crypto/rand",
}

// skip lists exported names that cannot be referenced as values.
var skip = map[string]bool{}

// only restricts some packages to the listed names: from syscall, only
// calls that cannot hand the program raw memory (mmap and friends would
// let it fault the interpreter itself).
var only = map[string][]string{
	"syscall": {"Getpagesize", "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid",
		"Getenv", "Setenv", "Unsetenv", "Environ", "Getwd", "Kill", "Signal", "Errno",
		"SIGINT", "SIGTERM", "SIGKILL", "SIGCHLD", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"},
}
