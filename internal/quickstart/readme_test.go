package quickstart

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// block is a fenced code block of README.md whose info string names it
// (```sh test:NAME): the test writes it to $WORK/readme/NAME.EXT.
type block struct {
	name string // NAME
	lang string // the info string's language: sh or go
	line int    // line of the opening fence, for messages
	text string // the lines between the fences
}

// repoRoot is the directory of vssa's go.mod, two levels up from this
// package's directory (go test runs a package's tests in its directory).
func repoRoot() (string, error) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("vssa's root not found: %v", err)
	}
	return root, nil
}

// readmeBlocks returns README.md's named blocks. A named block that is
// not closed, or a name used twice, is an error: either would make the
// test run something other than what the README shows.
func readmeBlocks(readme string) ([]block, error) {
	f, err := os.Open(readme)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var blocks []block
	seen := map[string]int{}
	var cur *block
	var body strings.Builder
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if cur != nil {
			if strings.HasPrefix(line, "```") {
				cur.text = body.String()
				blocks = append(blocks, *cur)
				cur = nil
				continue
			}
			body.WriteString(line + "\n")
			continue
		}
		info, ok := strings.CutPrefix(line, "```")
		if !ok {
			continue
		}
		fields := strings.Fields(info)
		if len(fields) < 2 || !strings.HasPrefix(fields[1], "test:") {
			// An unnamed block: skip to its closing fence.
			for sc.Scan() {
				n++
				if strings.HasPrefix(sc.Text(), "```") {
					break
				}
			}
			continue
		}
		name := strings.TrimPrefix(fields[1], "test:")
		if prev, dup := seen[name]; dup {
			return nil, fmt.Errorf("%s:%d: block test:%s already named at line %d", readme, n, name, prev)
		}
		seen[name] = n
		cur = &block{name: name, lang: fields[0], line: n}
		body.Reset()
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: block test:%s is not closed", readme, cur.line, cur.name)
	}
	return blocks, nil
}

// fileName is where a block is written under $WORK/readme.
func (b block) fileName() string {
	if b.lang == "go" {
		return b.name + ".go"
	}
	return b.name + ".sh"
}
