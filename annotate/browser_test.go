package annotate

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screenshot = flag.String("screenshot", "", "write the browser test's screenshot of the page to this PNG file (docs/annotate.png: -screenshot ../docs/annotate.png)")

const chromiumPath = "/usr/bin/chromium"

// browser starts Debian's chromium headless with a fresh profile and
// returns a chromedp context. The test is skipped when chromium is not
// installed, except under CI, where .ci/run installs it.
func browser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must run the browser test, but %s is missing (.ci/run installs Debian's chromium)", chromiumPath)
		}
		t.Skipf("browser test skipped: %s not found (install with: apt-get install -y chromium)", chromiumPath)
	}
	// A fresh profile. Not t.TempDir: chromium's helper processes may still
	// write to it for a moment after the browser has gone.
	profile, err := os.MkdirTemp("", "gecmetric-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 1000),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Run(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

func sel(card int, rest string) string {
	return "#outputs .output:nth-child(" + strconv.Itoa(card+1) + ") " + rest
}

// TestBrowserProcedure walks through seed 004 in a real browser: edit an
// output, rate it, Save, see the reference, rate meaning, Confirm; then
// finds the judgement in the database and in both exports, and checks
// that a reload resumes at the next example.
func TestBrowserProcedure(t *testing.T) {
	ctx := browser(t)
	db := newFixtureDB(t)
	ann, err := db.AddAnnotator("ann1")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(db)) // 127.0.0.1, a free port
	defer srv.Close()

	var source, refBefore string
	var outputs []string
	var meaningDisabled bool
	err = chromedp.Run(ctx,
		chromedp.Navigate(Link(srv.URL, ann)),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &source),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .output")).map(c => c.dataset.output)`, &outputs),
		chromedp.Evaluate(`document.getElementById("reference").textContent`, &refBefore),
		chromedp.Evaluate(`document.querySelector('select[data-scale="meaning"]').disabled`, &meaningDisabled),
	)
	if err != nil {
		t.Fatal(err)
	}
	item := fixtureItem(t, source)
	if len(outputs) != 2 {
		t.Fatalf("page shows %d outputs, want 2", len(outputs))
	}
	if strings.Contains(refBefore, fixture.ref[item]) || !meaningDisabled {
		t.Fatalf("before Save: reference %q shown or meaning enabled (%v)", refBefore, meaningDisabled)
	}
	var html string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.body.innerHTML`, &html)); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"sysA", "sysB", fixture.ref[item]} {
		if strings.Contains(html, secret) {
			t.Errorf("page shows %q before Save", secret)
		}
	}

	// Edit the first output into the reference, leave the second alone.
	target := fixture.ref[item]
	var inserted []string
	err = chromedp.Run(ctx,
		setValue(sel(0, "textarea"), ""),
		chromedp.SendKeys(sel(0, "textarea"), target, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .output:nth-child(1) .diff .ins")).map(e => e.textContent)`, &inserted),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := TokenDiff(outputs[0], target)
	var wantIns []string
	for _, c := range want {
		wantIns = append(wantIns, c.Post...)
	}
	if strings.Join(inserted, " ") != strings.Join(wantIns, " ") || len(inserted) == 0 {
		t.Errorf("highlighted insertions %q, want %q (Go diff of %q → %q)", inserted, wantIns, outputs[0], target)
	}

	// Rate grammaticality and fluency, Save, see the reference.
	var ref, meaning1 string
	err = chromedp.Run(ctx,
		setValue(sel(0, `select[data-scale="grammaticality"]`), "Comprehensible"),
		setValue(sel(0, `select[data-scale="fluency"]`), "Somewhat natural"),
		setValue(sel(1, `select[data-scale="grammaticality"]`), "Perfect"),
		setValue(sel(1, `select[data-scale="fluency"]`), "Somewhat unnatural"),
		chromedp.Click("#save", chromedp.ByQuery),
		chromedp.WaitVisible("#confirm", chromedp.ByQuery),
		chromedp.Text("#reference", &ref, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#outputs .output:nth-child(2) select[data-scale="meaning"]').value`, &meaning1),
	)
	if err != nil {
		t.Fatal(err)
	}
	if ref != fixture.ref[item] {
		t.Errorf("after Save the reference reads %q, want %q", ref, fixture.ref[item])
	}
	if meaning1 != "Identical" {
		t.Errorf("unchanged output: meaning defaults to %q, want Identical", meaning1)
	}

	// Rate meaning of the edited output, look, Confirm.
	var shot []byte
	var statusText string
	err = chromedp.Run(ctx,
		setValue(sel(0, `select[data-scale="meaning"]`), "Minor differences"),
		chromedp.FullScreenshot(&shot, 100),
		chromedp.Click("#confirm", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("status").textContent.startsWith("Confirmed")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text("#status", &statusText, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(shot)); err != nil || len(shot) < 10000 {
		t.Fatalf("screenshot: %d bytes, %v", len(shot), err)
	}
	if *screenshot != "" {
		if err := os.MkdirAll(filepath.Dir(*screenshot), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The row is in the database ...
	js, err := db.Judgements("ann1")
	if err != nil {
		t.Fatal(err)
	}
	if len(js) != 2 {
		t.Fatalf("database holds %d judgements, want 2", len(js))
	}
	bySys := map[string]Judgement{}
	for _, j := range js {
		if j.Item != item {
			t.Errorf("judgement of item %d, want %d", j.Item, item)
		}
		bySys[db.Items()[j.Item].Outputs[j.System]] = j
	}
	edited, kept := bySys[outputs[0]], bySys[outputs[1]]
	if edited.PostEdit != target || edited.Ratings["grammaticality"] != "Comprehensible" ||
		edited.Ratings["fluency"] != "Somewhat natural" || edited.Ratings["meaning"] != "Minor differences" {
		t.Errorf("edited output stored as %+v", edited)
	}
	if kept.PostEdit != outputs[1] || kept.Ratings["grammaticality"] != "Perfect" ||
		kept.Ratings["fluency"] != "Somewhat unnatural" || kept.Ratings["meaning"] != "Identical" {
		t.Errorf("unchanged output stored as %+v", kept)
	}
	// ... and in both exports.
	var jl, sw bytes.Buffer
	if err := db.WriteJSONL(&jl, ""); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(jl.String(), "\n"); n != 6 {
		t.Errorf("JSONL export has %d lines, want 6 (2 outputs × 3 scales)", n)
	}
	if !strings.Contains(jl.String(), `"post_edit":`+jsonString(target)) || !strings.Contains(jl.String(), `"label":"Minor differences"`) {
		t.Errorf("JSONL export lacks the confirmed post-edit or rating:\n%s", jl.String())
	}
	if err := db.WriteSwell(&sw, "ann1"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sw.String(), `"corrected": `+pyQuote(target)) || !strings.Contains(sw.String(), `"Meaning Preservation": 3`) {
		t.Errorf("swell-json export lacks the confirmed post-edit or rating:\n%s", sw.String())
	}

	// A reload resumes at the next example, which shows its text as text.
	var progress, source2 string
	var elements int
	err = chromedp.Run(ctx,
		chromedp.Reload(),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Text("#progress", &progress, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &source2),
		chromedp.Evaluate(`document.querySelectorAll("#main b, #main script").length`, &elements),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(progress, "Example 2 of 2 · 1 confirmed") {
		t.Errorf("after reload progress reads %q", progress)
	}
	if fixtureItem(t, source2) == item || elements != 0 {
		t.Errorf("after reload: item %q, %d markup elements from the data", source2, elements)
	}

	// <<<, >>> and Quit discard unconfirmed changes; confirmed ones come back.
	item2 := fixtureItem(t, source2)
	var backEdit, againEdit, againOutput, message string
	err = chromedp.Run(ctx,
		setValue(sel(0, "textarea"), "an unconfirmed change"),
		chromedp.Click("#prev", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("source").textContent === `+jsonString(fixture.source[item]), nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs textarea")).map(e => e.value).join("|")`, &backEdit),
		chromedp.Click("#next", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("source").textContent === `+jsonString(fixture.source[item2]), nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("#outputs .output:nth-child(1) textarea").value`, &againEdit),
		chromedp.Evaluate(`document.querySelector("#outputs .output:nth-child(1)").dataset.output`, &againOutput),
		setValue(sel(0, "textarea"), "another unconfirmed change"),
		chromedp.Click("#quit", chromedp.ByQuery),
		chromedp.WaitVisible("#message", chromedp.ByQuery),
		chromedp.Text("#message-title", &message, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(backEdit, target) {
		t.Errorf("<<< shows post-edits %q, want the confirmed %q", backEdit, target)
	}
	if againEdit != againOutput {
		t.Errorf(">>> kept an unconfirmed change: %q, want the output %q", againEdit, againOutput)
	}
	if !strings.EqualFold(message, "Goodbye") {
		t.Errorf("Quit shows %q", message)
	}
	if js, _ := db.Judgements(""); len(js) != 2 {
		t.Errorf("navigation stored judgements: %d, want 2", len(js))
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// setValue sets a form field's value as a user's choice would, firing the
// input and change events.
func setValue(selector, value string) chromedp.Action {
	js := `(() => { const e = document.querySelector(` + jsonString(selector) + `);
		e.value = ` + jsonString(value) + `;
		if (e.value !== ` + jsonString(value) + `) throw new Error("no option " + ` + jsonString(value) + `);
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
		return true; })()`
	return chromedp.Evaluate(js, nil)
}
