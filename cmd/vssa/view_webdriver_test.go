// This file drives headless Chromium for vssa view's browser tests
// through chromedriver's WebDriver HTTP API (W3C WebDriver), with
// net/http and encoding/json alone: the few commands the tests need
// (open a page, find, click, run a script, screenshot) are each one
// JSON request, which a browser-automation library would only wrap.

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// Where Debian's chromium and chromium-driver packages put the browser
// and its driver (.ci/run installs them).
const (
	chromiumPath     = "/usr/bin/chromium"
	chromedriverPath = "/usr/bin/chromedriver"
)

// webElementKey is the key of an element reference in WebDriver's JSON.
const webElementKey = "element-6066-11e4-a52e-4f735466cecf"

// A browser is a WebDriver session of headless Chromium.
type browser struct {
	t    testing.TB
	base string // the session's URL
}

// needChromium skips t, saying why, where Chromium or its driver is not
// installed; with VSSA_REQUIRE_CHROMIUM set (.ci/run, which installs
// them) it fails t instead, so that CI never passes by skipping.
func needChromium(t testing.TB) {
	t.Helper()
	for _, p := range []string{chromiumPath, chromedriverPath} {
		if _, err := os.Stat(p); err != nil {
			if os.Getenv("VSSA_REQUIRE_CHROMIUM") != "" {
				t.Fatalf("VSSA_REQUIRE_CHROMIUM is set and %s is absent", p)
			}
			t.Skipf("no browser to test in: %s is absent (Debian's chromium and chromium-driver packages: apt-get install -y chromium chromium-driver, as .ci/run does)", p)
		}
	}
}

// startBrowser starts chromedriver on a free port of localhost and a
// session of headless Chromium with the flags this machine's closed
// network needs (no background connections, which it refuses), and a
// new empty profile. Both end with the test.
func startBrowser(t testing.TB) *browser {
	t.Helper()
	needChromium(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(chromedriverPath, "--port="+strconv.Itoa(port))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	root := fmt.Sprintf("http://127.0.0.1:%d", port)
	b := &browser{t: t, base: root}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var status struct {
			Ready bool `json:"ready"`
		}
		if err := b.try("GET", "/status", nil, &status); err == nil && status.Ready {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not become ready in 30 s:\n%s", log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{
			"binary": chromiumPath,
			"args": []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + t.TempDir(), "--window-size=1400,1000"},
		},
	}}}
	var session struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.try("POST", "/session", caps, &session); err != nil {
		t.Fatalf("starting Chromium: %v\nchromedriver's log:\n%s", err, log.String())
	}
	b.base = root + "/session/" + session.SessionID
	t.Cleanup(func() { b.try("DELETE", "", nil, nil) })
	return b
}

// try sends one WebDriver command and decodes its value into out.
func (b *browser) try(method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, b.base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var reply struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(data, &reply); err != nil {
		return fmt.Errorf("%s %s: %s: %v", method, path, resp.Status, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, reply.Value)
	}
	if out != nil {
		return json.Unmarshal(reply.Value, out)
	}
	return nil
}

// do is try, failing the test on an error.
func (b *browser) do(method, path string, body, out any) {
	b.t.Helper()
	if err := b.try(method, path, body, out); err != nil {
		b.t.Fatal(err)
	}
}

// open loads url and returns when its load event has fired.
func (b *browser) open(url string) { b.do("POST", "/url", map[string]string{"url": url}, nil) }

// find returns the first element matching a CSS selector.
func (b *browser) find(css string) map[string]string {
	b.t.Helper()
	var el map[string]string
	b.do("POST", "/element", map[string]string{"using": "css selector", "value": css}, &el)
	return el
}

// click clicks an element, as a user does (a real mouse event at its
// centre, after scrolling it into view).
func (b *browser) click(el map[string]string) {
	b.t.Helper()
	b.do("POST", "/element/"+el[webElementKey]+"/click", map[string]any{}, nil)
}

// script runs a JavaScript function body with args and decodes what it
// returns into out.
func (b *browser) script(js string, out any, args ...any) {
	b.t.Helper()
	if args == nil {
		args = []any{}
	}
	b.do("POST", "/execute/sync", map[string]any{"script": js, "args": args}, out)
}

// asyncScript runs a JavaScript function body whose last argument is
// the callback that returns its result.
func (b *browser) asyncScript(js string, out any) {
	b.t.Helper()
	b.do("POST", "/execute/async", map[string]any{"script": js, "args": []any{}}, out)
}

// screenshot returns a PNG of an element (of the viewport if el is nil).
func (b *browser) screenshot(el map[string]string) []byte {
	b.t.Helper()
	path := "/screenshot"
	if el != nil {
		path = "/element/" + el[webElementKey] + "/screenshot"
	}
	var data string
	b.do("GET", path, nil, &data)
	png, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		b.t.Fatal(err)
	}
	return png
}
