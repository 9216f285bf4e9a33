package bce

// gchint.go has gc judge bce's hints (-bce.gc): the package is built
// again with every hint of a batch inserted, through go build -overlay
// so that the user's files stay as they are, and a hint is kept only
// if gc's check_bce no longer reports the checks it is meant to remove
// and reports no check that the package as it is does not have.

import (
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A gcVerdict is gc's judgement of a hint, in a build with it.
type gcVerdict struct {
	gone map[token.Pos]bool // the checks it is proposed for that gc no longer reports
	why  string             // why gc rejects it for every check ("" if it does not)
}

// removes reports whether gc removes the check at pos with the hint.
func (v *gcVerdict) removes(pos token.Pos) bool {
	return v.why == "" && v.gone[pos]
}

// reason says why gc rejects the hint for the check at pos.
func (v *gcVerdict) reason(pos token.Pos) string {
	if v.why != "" {
		return v.why
	}
	return "gc keeps its check with this hint"
}

// judge builds the package with every hint of batch inserted and sets
// each one's verdict against base, the checks gc keeps in the package
// as it is. A check the build reports and base does not is laid to the
// hints before the loops around it, else to those of the function
// around it, else (in a file the hints do not edit: a callee inlined)
// to every hint of the batch.
func judge(pass *analysis.Pass, base gcKept, batch []*proposal) {
	reject := func(why string) {
		for _, pr := range batch {
			pr.gc = &gcVerdict{why: why}
		}
	}
	dir, err := os.MkdirTemp("", "vssa-bce-")
	if err != nil {
		reject(fmt.Sprintf("gc's build with this hint could not be made: %v", err))
		return
	}
	defer os.RemoveAll(dir)
	edited, overlay, err := writeOverlay(pass, dir, batch)
	if err != nil {
		reject(fmt.Sprintf("gc's build with this hint could not be made: %v", err))
		return
	}
	got := runGC(buildOf(pass), overlay)
	if got.err != nil {
		reject("gc's build with this hint failed")
		return
	}
	// gc's checks at the original positions: lines moved back by the
	// hint lines above them; those on hint lines (the hints' own
	// checks, before the loops) left out.
	now := map[gcPos]bool{}
	for p := range got.found {
		if ef := edited[p.file]; ef != nil {
			if p.line = ef.original(p.line); p.line == 0 {
				continue
			}
		}
		now[p] = true
	}
	verdicts := map[*proposal]*gcVerdict{}
	for _, pr := range batch {
		v := &gcVerdict{gone: map[token.Pos]bool{}}
		for _, c := range pr.checks {
			if !now[posOf(pass, c, false)] {
				v.gone[c] = true
			}
		}
		verdicts[pr] = v
	}
	files := map[string]*token.File{}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		files[filepath.Base(tf.Name())] = tf
	}
	for p := range now {
		if base.found[p] {
			continue
		}
		why := fmt.Sprintf("gc adds a check at %s:%d with this hint", p.file, p.line)
		for _, pr := range blame(files[p.file], p, batch) {
			if verdicts[pr].why == "" {
				verdicts[pr].why = why
			}
		}
	}
	for pr, v := range verdicts {
		pr.gc = v
	}
}

// blame returns the hints of batch that a new check at p (in tf, nil
// for a file of another package) is laid to.
func blame(tf *token.File, p gcPos, batch []*proposal) []*proposal {
	if tf == nil || p.line > tf.LineCount() {
		return batch
	}
	pos := tf.LineStart(p.line) + token.Pos(p.col-1)
	var inLoop, inDecl []*proposal
	for _, pr := range batch {
		if pr.h.loop.Pos() <= pos && pos < pr.h.loop.End() {
			inLoop = append(inLoop, pr)
		}
		if d := pr.h.decl; d != nil && d.Pos() <= pos && pos < d.End() {
			inDecl = append(inDecl, pr)
		}
	}
	switch {
	case inLoop != nil:
		return inLoop
	case inDecl != nil:
		return inDecl
	}
	return batch
}

// posOf is where gc reports the check at pos: its line and column.
func posOf(pass *analysis.Pass, pos token.Pos, slice bool) gcPos {
	p := pass.Fset.Position(pos)
	return gcPos{gcLine{filepath.Base(p.Filename), p.Line, slice}, p.Column}
}

// An editedFile is a file with hint lines inserted: inserted[l] lines
// go before the original's line l.
type editedFile struct {
	inserted map[int]int
}

// original returns the original line of the edited file's line e, or 0
// for a hint's line.
func (ef *editedFile) original(e int) int {
	lines := make([]int, 0, len(ef.inserted))
	for l := range ef.inserted {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	added := 0
	for _, l := range lines {
		if e < l+added {
			break
		}
		if e < l+added+ef.inserted[l] {
			return 0
		}
		added += ef.inserted[l]
	}
	return e - added
}

// writeOverlay writes each file that batch edits, with its hints, into
// dir, and go build's overlay file naming them in the originals'
// stead. It returns the edited files by base name and the overlay
// file's path.
func writeOverlay(pass *analysis.Pass, dir string, batch []*proposal) (map[string]*editedFile, string, error) {
	byFile := map[*token.File][]*hint{}
	var order []*token.File
	for _, pr := range batch {
		tf := pass.Fset.File(pr.h.at)
		if byFile[tf] == nil {
			order = append(order, tf)
		}
		byFile[tf] = append(byFile[tf], pr.h)
	}
	edited := map[string]*editedFile{}
	replace := map[string]string{}
	for i, tf := range order {
		src, err := pass.ReadFile(tf.Name())
		if err != nil {
			return nil, "", err
		}
		hs := byFile[tf]
		// In the file's order; hints at one place in the batch's order.
		slices.SortStableFunc(hs, func(a, b *hint) int { return int(a.at - b.at) })
		ef := &editedFile{inserted: map[int]int{}}
		var out []byte
		last := 0
		for _, h := range hs {
			off := tf.Offset(h.at)
			out = append(append(out, src[last:off]...), h.edit().NewText...)
			last = off
			ef.inserted[tf.Line(h.at)]++
		}
		out = append(out, src[last:]...)
		name, err := filepath.Abs(tf.Name())
		if err != nil {
			return nil, "", err
		}
		copyPath := filepath.Join(dir, fmt.Sprintf("%d_%s", i, filepath.Base(name)))
		if err := os.WriteFile(copyPath, out, 0o666); err != nil {
			return nil, "", err
		}
		replace[name] = copyPath
		edited[filepath.Base(name)] = ef
	}
	js, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return nil, "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return edited, overlay, os.WriteFile(overlay, js, 0o666)
}
