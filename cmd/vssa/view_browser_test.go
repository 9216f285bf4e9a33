package main

import (
	"bytes"
	"flag"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	viewScreenshot = flag.String("view.screenshot", "", "where TestViewBrowser saves its screenshot of the graph (default: the test's temporary directory, logged)")
	viewMeasure    = flag.String("view.measure", "", "PKG,FUNC: TestViewBrowserLoad writes vssa view's page of FUNC and logs how long headless Chromium takes to load and draw it")
)

// TestViewBrowser loads a page of vssa view in headless Chromium,
// clicks a value, checks that it is highlighted in every column and in
// the graph and nothing else is, and takes a screenshot of the graph.
func TestViewBrowser(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "sum.html")
	var stdout, stderr bytes.Buffer
	if code := runMain([]string{"view", "-o", page, writeViewProgram(t), "sum"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("vssa view: exit %d\n%s", code, stderr.String())
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	b := startBrowser(t)
	b.open(srv.URL + "/sum.html")

	// A parameter is in every column's signature, whatever the passes
	// do: the first of the first column.
	el := b.find("section.pass .sig .v")
	var name string
	b.script("return arguments[0].textContent", &name, el)
	if !strings.HasPrefix(name, "r") {
		t.Fatalf("the first value of the signature reads %q, want a register", name)
	}
	// What the value looks like, in a column and in the graph, before
	// and after the click: the highlight must show, not only be a class.
	const looks = `const n = arguments[0];
		return [getComputedStyle(document.querySelector("section.pass ." + n)).backgroundColor,
			getComputedStyle(document.querySelector("#son ." + n + " rect")).fill]`
	var before, after []string
	b.script(looks, &before, name)
	b.click(el)
	b.script(looks, &after, name)
	if before[0] == after[0] || before[1] == after[1] {
		t.Errorf("highlighting %s changed its background from %s to %s and its graph node's fill from %s to %s: want both to change", name, before[0], after[0], before[1], after[1])
	}
	var cols []struct {
		Pass     string
		All, Lit int
	}
	b.script(`return Array.from(document.querySelectorAll("section.pass")).map(c => ({
		Pass: c.dataset.pass,
		All: c.getElementsByClassName(arguments[0]).length,
		Lit: c.querySelectorAll("." + arguments[0] + ".hl").length}))`, &cols, name)
	if len(cols) < 5 {
		t.Fatalf("%d pass columns, want one per step of %s (at least 5)", len(cols), viewDefaultPasses)
	}
	for _, c := range cols {
		if c.All == 0 || c.Lit != c.All {
			t.Errorf("column %s: %d of the %d occurrences of %s highlighted, want all, and at least one", c.Pass, c.Lit, c.All, name)
		}
	}
	var counts struct{ Lit, Named, Graph, GraphLit, Nodes int }
	b.script(`const n = arguments[0];
		return {Lit: document.querySelectorAll(".hl").length,
			Named: document.getElementsByClassName(n).length,
			Graph: document.querySelectorAll("#son ." + n).length,
			GraphLit: document.querySelectorAll("#son ." + n + ".hl").length,
			Nodes: document.querySelectorAll("#son g.node").length}`, &counts, name)
	if counts.Nodes == 0 || counts.Graph != 1 || counts.GraphLit != 1 {
		t.Errorf("graph: %d nodes, %d named %s, %d of them highlighted; want nodes, and the parameter's one highlighted", counts.Nodes, counts.Graph, name, counts.GraphLit)
	}
	if counts.Lit != counts.Named {
		t.Errorf("%d elements highlighted, want only the %d of %s", counts.Lit, counts.Named, name)
	}
	b.click(el)
	b.script(`return document.querySelectorAll(".hl").length`, &counts.Lit)
	if counts.Lit != 0 {
		t.Errorf("after a second click %d elements are still highlighted, want none", counts.Lit)
	}
	b.click(el) // highlighted again, for the screenshot

	graph := b.find("#son")
	shot := b.screenshot(graph)
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	// The graph is drawn: its picture is not one colour.
	bounds, first := img.Bounds(), img.At(0, 0)
	differ := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			if img.At(x, y) != first {
				differ++
			}
		}
	}
	if bounds.Dx() < 100 || bounds.Dy() < 100 || differ < 100 {
		t.Errorf("the screenshot of the graph is %v with %d sampled pixels drawn: nothing drawn", bounds, differ)
	}
	out := *viewScreenshot
	if out == "" {
		out = filepath.Join(t.TempDir(), "graph.png")
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of the graph: %s (%v)", out, bounds)
}

// TestViewBrowserLoad measures, with -view.measure=PKG,FUNC, how long
// headless Chromium takes to load vssa view's page of FUNC and draw it,
// and to highlight a value. It logs the times and asserts nothing of
// them: a time depends on the machine and its load.
func TestViewBrowserLoad(t *testing.T) {
	if *viewMeasure == "" {
		t.Skip("a measurement, not a test: go test ./cmd/vssa -run ViewBrowserLoad -v -view.measure=html,html.init$1")
	}
	pkg, fn, ok := strings.Cut(*viewMeasure, ",")
	if !ok {
		t.Fatalf("-view.measure=%s: want PKG,FUNC", *viewMeasure)
	}
	needChromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	var stdout, stderr bytes.Buffer
	if code := runMain([]string{"view", "-o", page, pkg, fn}, &stdout, &stderr); code != exitOK {
		t.Fatalf("vssa view: exit %d\n%s", code, stderr.String())
	}
	info, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	b := startBrowser(t)
	b.open(srv.URL + "/page.html")
	var times struct {
		Load, Drawn float64
		Instrs      int
		Nodes       int
	}
	// The load event's end, then the end of the next two frames (the
	// page laid out and painted), both from the navigation's start.
	b.asyncScript(`const done = arguments[arguments.length - 1];
		requestAnimationFrame(() => requestAnimationFrame(() => done({
			Load: performance.getEntriesByType("navigation")[0].loadEventEnd,
			Drawn: performance.now(),
			Instrs: document.querySelector("section.pass").getElementsByClassName("i").length,
			Nodes: document.querySelectorAll("#son g.node").length})))`, &times)
	var click float64
	b.asyncScript(`const done = arguments[arguments.length - 1];
		const t0 = performance.now();
		document.querySelector("section.pass .sig .v").click();
		requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)))`, &click)
	t.Logf("%s: page %.1f MB, %d instructions in the first column, %d graph nodes: load event %.0f ms, drawn %.0f ms after navigation start; a click's highlight drawn in %.0f ms",
		fn, float64(info.Size())/1e6, times.Instrs, times.Nodes, times.Load, times.Drawn, click)
}
