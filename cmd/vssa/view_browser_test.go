package main

import (
	"bytes"
	"flag"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
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
	el := b.find("section.pass .sig v")
	var name string
	b.script("return arguments[0].textContent", &name, el)
	if !strings.HasPrefix(name, "r") {
		t.Fatalf("the first value of the signature reads %q, want a register", name)
	}
	b.click(el)
	var cols []struct {
		Pass     string
		All, Lit int
	}
	b.script(`const n = arguments[0];
		return Array.from(document.querySelectorAll("section.pass")).map(c => {
			const all = Array.from(c.querySelectorAll("v")).filter(e => e.textContent === n);
			return {Pass: c.dataset.pass, All: all.length, Lit: all.filter(e => e.classList.contains("hl")).length};
		})`, &cols, name)
	if len(cols) < 5 {
		t.Fatalf("%d pass columns, want one per step of %s (at least 5)", len(cols), viewDefaultPasses)
	}
	for _, c := range cols {
		if c.All == 0 || c.Lit != c.All {
			t.Errorf("column %s: %d of the %d occurrences of %s highlighted, want all, and at least one", c.Pass, c.Lit, c.All, name)
		}
	}
	// The graph is drawn when scrolled to, with the highlights made
	// before.
	var drawn bool
	b.script(`return document.querySelector("#son") !== null`, &drawn)
	if drawn {
		t.Error("the graph is drawn before it is scrolled to")
	}
	b.script(`document.getElementById("graph").scrollIntoView()`, nil)
	b.do("POST", "/timeouts", map[string]int{"implicit": 10000}, nil)
	b.find("#son g.node")
	var counts struct{ Lit, Named, Graph, GraphLit, Nodes int }
	b.script(`const n = arguments[0];
		return {Lit: document.querySelectorAll(".hl").length,
			Named: Array.from(document.querySelectorAll("v")).filter(e => e.textContent === n).length +
				document.querySelectorAll("#son ." + n).length,
			Graph: document.querySelectorAll("#son ." + n).length,
			GraphLit: document.querySelectorAll("#son ." + n + ".hl").length,
			Nodes: document.querySelectorAll("#son g.node").length}`, &counts, name)
	if counts.Nodes == 0 || counts.Graph != 1 || counts.GraphLit != 1 {
		t.Errorf("graph: %d nodes, %d named %s, %d of them highlighted; want nodes, and the parameter's one highlighted", counts.Nodes, counts.Graph, name, counts.GraphLit)
	}
	if counts.Lit != counts.Named {
		t.Errorf("%d elements highlighted, want only the %d of %s", counts.Lit, counts.Named, name)
	}
	// The highlight shows, not only as a class: the value and its node
	// look unlike another parameter.
	var looks []string
	b.script(`const n = arguments[0];
		const bg = e => getComputedStyle(e).backgroundColor, fill = e => getComputedStyle(e).fill;
		const other = Array.from(document.querySelectorAll("section.pass .sig v")).find(e => e.textContent !== n);
		return [bg(document.querySelector("section.pass .sig v")), bg(other),
			fill(document.querySelector("#son ." + n + " rect")), fill(document.querySelector("#son g.param:not(.hl) rect"))]`, &looks, name)
	if looks[0] == looks[1] || looks[2] == looks[3] {
		t.Errorf("highlighted %s: background %s (another parameter's %s), graph node's fill %s (another's %s): want both to differ", name, looks[0], looks[1], looks[2], looks[3])
	}
	b.click(el)
	b.script(`return document.querySelectorAll(".hl").length`, &counts.Lit)
	if counts.Lit != 0 {
		t.Errorf("after a second click %d elements are still highlighted, want none", counts.Lit)
	}
	b.click(el) // highlighted again, for the screenshot

	graph := b.find("#son")
	b.script(`arguments[0].scrollIntoView()`, nil, graph)
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
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("load average: %s", strings.TrimSpace(string(data)))
	}
	var loads, draws, graphs, clicks []float64
	for range 5 {
		b.open(srv.URL + "/page.html")
		var times struct {
			Load, Drawn, Graph float64
			Lines, Nodes       int
		}
		// The load event's end, then the end of the next two frames (the
		// page laid out and painted), both from the navigation's start;
		// then the graph drawn once scrolled to (from the scroll).
		b.asyncScript(`const done = arguments[arguments.length - 1];
			const frames = f => requestAnimationFrame(() => requestAnimationFrame(f));
			frames(() => {
				const r = {Load: performance.getEntriesByType("navigation")[0].loadEventEnd, Drawn: performance.now(),
					Lines: document.querySelector("section.pass").getElementsByTagName("p").length};
				const t0 = performance.now();
				document.getElementById("graph").scrollIntoView();
				const wait = () => {
					if (!document.querySelector("#son")) return requestAnimationFrame(wait);
					frames(() => { r.Graph = performance.now() - t0; r.Nodes = document.querySelectorAll("#son g.node").length; done(r); });
				};
				wait();
			})`, &times)
		var click float64
		b.asyncScript(`const done = arguments[arguments.length - 1];
			const t0 = performance.now();
			document.querySelector("section.pass v").click();
			requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)))`, &click)
		t.Logf("%s: page %.1f MB, %d lines in the first column, %d graph nodes: load event %.0f ms, drawn %.0f ms after navigation start; graph drawn %.0f ms after scrolled to; a click's highlight drawn in %.0f ms",
			fn, float64(info.Size())/1e6, times.Lines, times.Nodes, times.Load, times.Drawn, times.Graph, click)
		loads, draws, graphs, clicks = append(loads, times.Load), append(draws, times.Drawn), append(graphs, times.Graph), append(clicks, click)
	}
	median := func(xs []float64) float64 { slices.Sort(xs); return xs[len(xs)/2] }
	t.Logf("medians of %d: load event %.0f ms, drawn %.0f ms, graph %.0f ms, click %.0f ms", len(loads), median(loads), median(draws), median(graphs), median(clicks))
}
