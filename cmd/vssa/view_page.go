// This file writes vssa view's page: the source column, one column per
// step, the graph, and the script that highlights values.

package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/token"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// The page's style and script, kept in files of their own so that they
// read as CSS and JavaScript.
var (
	//go:embed view.css
	viewCSS string
	//go:embed view.js
	viewJS string
)

// writeViewPage writes the page of steps, whose positions fset gives.
func writeViewPage(w *bytes.Buffer, fset *token.FileSet, steps []viewStep) {
	f := steps[0].Func
	w.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n")
	fmt.Fprintf(w, "<title>vssa view %s</title>\n<style>\n%s</style>\n</head><body>\n", html.EscapeString(f.Name), viewCSS)
	names := make([]string, len(steps)-1)
	for i, s := range steps[1:] {
		names[i] = s.Name
	}
	w.WriteString("<div id=\"top\">")
	fmt.Fprintf(w, "<header><b>%s</b> — passes: %s. Click a value (rN) or block (bN) to highlight it everywhere, a position to see its source line, a source line number to mark its instructions. <s>Struck</s>: removed by the next pass; <span class=\"added\">added</span>, <span class=\"moved\">moved</span> by this one.</header>\n",
		html.EscapeString(f.Name), html.EscapeString(strings.Join(names, ", ")))
	w.WriteString("<div id=\"cols\">\n")
	file := writeSource(w, fset, steps)
	graph := -1 // the last step in SSA form, whose graph is drawn
	for i, s := range steps {
		if s.Form == ir.SSA {
			graph = i
		}
	}
	changes := make([]viewChanges, len(steps)) // what step i did
	for i := 1; i < len(steps); i++ {
		changes[i] = diffFuncs(steps[i-1].Func, steps[i].Func)
	}
	for i, s := range steps {
		var c, next viewChanges
		if i > 0 {
			c = changes[i]
		}
		nextName := ""
		if i+1 < len(steps) {
			next, nextName = changes[i+1], steps[i+1].Name
		}
		writeStep(w, fset, file, s, c, next, nextName, i == graph)
	}
	w.WriteString("</div></div>\n<section id=\"graph\">\n")
	if graph < 0 {
		w.WriteString("<h2>No Sea of Nodes graph: no step is in SSA form (the graph is of SSA functions: add mem2reg to -passes)</h2>\n")
	} else if g, err := son.Build(steps[graph].Func); err != nil {
		fmt.Fprintf(w, "<h2>No Sea of Nodes graph: %s</h2>\n", html.EscapeString(err.Error()))
	} else {
		fmt.Fprintf(w, "<h2>Sea of Nodes graph after %s: %d nodes. Black: data edges; blue: control and effect edges; dotted: anchors of unchecked data nodes; dashed: loop back edges.</h2>\n", html.EscapeString(steps[graph].Name), len(g.Nodes))
		// The graph is below the columns, and a big one takes the browser
		// about as long to parse and lay out as all the columns: it is
		// kept as the text of a script element that does not run (which
		// the browser does not parse; the SVG has no "</script", its
		// text being escaped), and put in the page when scrolled to.
		fmt.Fprintf(w, "<script type=\"text/x-svg\" id=\"son-t\">%s</script>\n", graphSVG(g))
	}
	fmt.Fprintf(w, "</section>\n<script>\n%s</script>\n</body></html>\n", viewJS)
}

// writeSource writes the column of the function's source lines, from
// its declaration to the last line any step has an instruction from,
// and returns the file's name ("" if there is no source to show).
func writeSource(w *bytes.Buffer, fset *token.FileSet, steps []viewStep) string {
	f := steps[0].Func
	w.WriteString("<section class=\"col src\"><h2>source</h2>\n")
	defer w.WriteString("</section>\n")
	if fset == nil || !f.Pos.IsValid() {
		w.WriteString("<p>no source position</p>\n")
		return ""
	}
	start := fset.Position(f.Pos)
	end := start.Line
	for _, s := range steps {
		for _, b := range s.Func.Blocks {
			for _, in := range b.Instrs {
				if p := fset.Position(in.Pos); p.Filename == start.Filename {
					end = max(end, p.Line)
				}
			}
		}
	}
	data, err := os.ReadFile(start.Filename)
	if err != nil {
		fmt.Fprintf(w, "<p>%s</p>\n", html.EscapeString(err.Error()))
		return ""
	}
	lines := strings.Split(string(data), "\n")
	fmt.Fprintf(w, "<div class=\"file\">%s</div>\n<pre>", html.EscapeString(start.Filename))
	c := &chunker{w: w}
	for n := start.Line; n <= end && n <= len(lines); n++ {
		c.line()
		fmt.Fprintf(w, "<p id=\"L%d\"><n>%d</n>%s</p>", n, n, html.EscapeString(lines[n-1]))
	}
	c.end()
	w.WriteString("</pre>\n")
	return start.Filename
}

// writeStep writes the column of one step: c is what its pass did, next
// what the next pass (named nextName) did to its result.
func writeStep(w *bytes.Buffer, fset *token.FileSet, file string, s viewStep, c, next viewChanges, nextName string, graph bool) {
	f := s.Func
	fmt.Fprintf(w, "<section class=\"col pass\" data-pass=\"%s\"><h2>%s <small>%s", html.EscapeString(s.Name), html.EscapeString(s.Name), strings.ToLower(s.Form.String()))
	if len(c.Removed)+len(c.Added)+len(c.Moved) > 0 {
		fmt.Fprintf(w, ", −%d +%d moved %d", len(c.Removed), len(c.Added), len(c.Moved))
	}
	if graph {
		w.WriteString(", graph below")
	}
	w.WriteString("</small></h2>\n")
	if s.Note != "" {
		fmt.Fprintf(w, "<div class=\"note\">%s (the column shows its input)</div>\n", html.EscapeString(s.Note))
	}
	w.WriteString("<pre>")
	ch := &chunker{w: w}
	header, _, _ := strings.Cut(f.String(), "\n")
	ch.line()
	fmt.Fprintf(w, "<p class=\"sig\">%s</p>", tokens(header, f))
	for _, b := range f.Blocks {
		label := fmt.Sprintf("b%d:", b.Index)
		for i, p := range b.Preds {
			sep := ","
			if i == 0 {
				sep = " <-"
			}
			label += fmt.Sprintf("%s b%d", sep, p)
		}
		ch.line()
		fmt.Fprintf(w, "<p class=\"bl\">%s</p>", tokens(label, f))
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				ch.line()
				writeInstr(w, fset, file, f, b, in, c, next, s.Name, nextName)
			}
		}
	}
	ch.end()
	w.WriteString("}</pre>\n</section>\n")
}

// viewChunk is how many lines a column's chunk holds. The browser
// neither lays out nor paints a chunk off the screen (the CSS gives
// chunks content-visibility: auto), so that a page of a function of
// thousands of instructions opens in about the time of its parse.
const viewChunk = 64

// A chunker groups the lines written to w into chunks.
type chunker struct {
	w *bytes.Buffer
	n int // lines so far
}

// line starts a line, and a chunk before it every viewChunk lines.
func (c *chunker) line() {
	if c.n%viewChunk == 0 {
		if c.n > 0 {
			c.w.WriteString("</div>")
		}
		c.w.WriteString("<div class=\"ch\">")
	}
	c.n++
}

// end closes the last chunk.
func (c *chunker) end() {
	if c.n > 0 {
		c.w.WriteString("</div>")
	}
}

// writeInstr writes one instruction's line, with its marks and its
// position's link.
func writeInstr(w *bytes.Buffer, fset *token.FileSet, file string, f *ir.Func, b *ir.Block, in *ir.Instr, c, next viewChanges, name, nextName string) {
	var cls []string
	title := ""
	var pos token.Position
	if fset != nil && in.Pos.IsValid() {
		pos = fset.Position(in.Pos)
		if pos.Filename == file {
			cls = append(cls, fmt.Sprintf("l%d", pos.Line))
		}
	}
	switch {
	case next.Removed[in]:
		cls, title = append(cls, "removed"), "removed by "+nextName
	case c.Added[in]:
		cls, title = append(cls, "added"), "added by "+name
	}
	if from, ok := c.Moved[in]; ok {
		cls, title = append(cls, "moved"), fmt.Sprintf("moved from b%d by %s", from, name)
	}
	w.WriteString("<p")
	if len(cls) > 0 {
		fmt.Fprintf(w, " class=\"%s\"", strings.Join(cls, " "))
	}
	if title != "" {
		fmt.Fprintf(w, " title=\"%s\"", html.EscapeString(title))
	}
	fmt.Fprintf(w, ">    %s", tokens(ir.FormatInstr(f, b, in), f))
	if pos.IsValid() {
		text := fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
		if pos.Filename == file {
			fmt.Fprintf(w, " <a href=\"#L%d\">%s</a>", pos.Line, text)
		} else {
			fmt.Fprintf(w, " <span class=\"pos\" title=\"%s\">%s</span>", html.EscapeString(pos.String()), html.EscapeString(text))
		}
	}
	w.WriteString("</p>")
}

// tokens escapes a line of IR text for HTML and wraps its registers
// (rN) in <v> and its blocks (bN) in <k>, elements the script
// highlights (the shortest markup: a page has one per operand in every
// column): a token is one
// that starts the line or follows a space, a comma, "(" or "<-", and
// names a register or block of f. Nothing after a string constant's
// quote is a token.
func tokens(text string, f *ir.Func) string {
	var sb strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '"' {
			break
		}
		if c != 'r' && c != 'b' || i > 0 && !strings.ContainsRune(" ,(-", rune(text[i-1])) {
			continue
		}
		j := i + 1
		n := 0
		for j < len(text) && text[j] >= '0' && text[j] <= '9' && n < 1e8 {
			n = n*10 + int(text[j]-'0')
			j++
		}
		if j == i+1 || j < len(text) && isWordByte(text[j]) {
			continue
		}
		if c == 'r' && n >= f.NumRegs() || c == 'b' && n >= len(f.Blocks) {
			continue
		}
		kind := "v"
		if c == 'b' {
			kind = "k"
		}
		sb.WriteString(html.EscapeString(text[last:i]))
		fmt.Fprintf(&sb, "<%s>%s</%s>", kind, text[i:j], kind)
		last = j
		i = j - 1
	}
	sb.WriteString(html.EscapeString(text[last:]))
	return sb.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
