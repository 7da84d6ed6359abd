package annotate

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gecmetric/gecmetric/corpora/tokenize"

	"github.com/gecmetric/gecmetric/internal/browsertest"
)

// screenshotsEnv names the environment variable that makes the browser
// test write its screenshots of the page into that folder (the README's:
// GECMETRIC_SCREENSHOTS=../docs go test ./annotate -run Browser). A plain
// test run writes nothing.
const screenshotsEnv = "GECMETRIC_SCREENSHOTS"

// writeScreenshot checks that shot is a real PNG of the page and, when
// screenshotsEnv names a folder, writes it there as name.
func writeScreenshot(t *testing.T, shot []byte, name string) {
	t.Helper()
	if _, err := png.Decode(bytes.NewReader(shot)); err != nil || len(shot) < 10000 {
		t.Fatalf("screenshot %s: %d bytes, %v", name, len(shot), err)
	}
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", filepath.Join(dir, name))
}

// browser starts chromium for a browser test (internal/browsertest).
func browser(t *testing.T) context.Context { return browsertest.Start(t) }

func sel(card int, rest string) string {
	return "#outputs .output:nth-child(" + strconv.Itoa(card+1) + ") " + rest
}

// shownFixture is fixture text as the page shows it: detokenised.
func shownFixture(s string) string { return tokenize.Detokenize(strings.Fields(s)) }

// shownItem returns the index of the fixture item whose source the page
// shows as s.
func shownItem(t *testing.T, s string) int {
	t.Helper()
	for i, src := range fixture.source {
		if shownFixture(src) == s {
			return i
		}
	}
	t.Fatalf("the page shows source %q, which is no fixture sentence as shown", s)
	return -1
}

// newShownFixtureDB is newFixtureDB with the display `annotate init`
// gives: raters see the tokenised fixture detokenised.
func newShownFixtureDB(t *testing.T) *DB {
	t.Helper()
	p, err := LookupProtocol("swell")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := []SystemFile{{"sysA", writeLines(t, dir, "sys-sysA.txt", fixture.sysA)}, {"sysB", writeLines(t, dir, "sys-sysB.txt", fixture.sysB)}}
	task, err := ReadTask(p, writeLines(t, dir, "src.txt", fixture.source), writeLines(t, dir, "ref.txt", fixture.ref), files)
	if err != nil {
		t.Fatal(err)
	}
	task.Display = DisplayDetokenized
	path := filepath.Join(dir, "task.db")
	if err := Create(path, task); err != nil {
		t.Fatal(err)
	}
	return openTestDB(t, path)
}

// TestBrowserProcedure walks through seed 004 in a real browser: each
// output shown once, as detokenised text in the box to edit with its
// changes under it; edit an output, rate with the keyboard, Save with
// Ctrl+Enter, see the reference and the pre-filled meaning of the
// unchanged output, rate meaning, Confirm, and land on the next example.
// Then it finds exactly what the rater saw and wrote in the database and
// in both exports, and checks that a reload resumes at the next example.
// With GECMETRIC_SCREENSHOTS=DIR it writes the page before Save, after
// Save and after Confirm into DIR.
func TestBrowserProcedure(t *testing.T) {
	ctx := browser(t)
	db := newShownFixtureDB(t)
	ann, err := db.AddAnnotator("ann1")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(db)) // 127.0.0.1, a free port
	defer srv.Close()

	var source, refBefore, pageText string
	var outputs, diffs []string
	var meaningDisabled bool
	var textareas, fixed int
	err = chromedp.Run(ctx,
		chromedp.Navigate(Link(srv.URL, ann)),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &source),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .output")).map(c => c.dataset.output)`, &outputs),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .diff")).map(e => e.textContent)`, &diffs),
		chromedp.Evaluate(`document.querySelectorAll("#outputs textarea").length`, &textareas),
		chromedp.Evaluate(`document.querySelectorAll("#outputs .fixed").length`, &fixed),
		chromedp.Evaluate(`document.getElementById("outputs").innerText`, &pageText),
		chromedp.Evaluate(`document.getElementById("reference").textContent`, &refBefore),
		chromedp.Evaluate(`document.querySelector('select[data-scale="meaning"]').disabled`, &meaningDisabled),
	)
	if err != nil {
		t.Fatal(err)
	}
	item := shownItem(t, source)
	if len(outputs) != 2 {
		t.Fatalf("page shows %d outputs, want 2", len(outputs))
	}
	// Detokenised text: "every days ." is shown as "every days.".
	for k, o := range outputs {
		if strings.HasSuffix(o, " .") || o != shownFixture(o) {
			t.Errorf("output %d shown as %q: not detokenised", k+1, o)
		}
	}
	// Each output once: its box, and under it "no changes", not a copy.
	if textareas != 2 || fixed != 0 {
		t.Errorf("%d boxes and %d copies of the outputs, want 2 and 0", textareas, fixed)
	}
	for k, o := range outputs {
		if diffs[k] != "no changes" || strings.Contains(pageText, o) {
			t.Errorf("output %d: its changes read %q, and its text is shown outside its box: %v", k+1, diffs[k], strings.Contains(pageText, o))
		}
	}
	if strings.Contains(refBefore, shownFixture(fixture.ref[item])) || !meaningDisabled {
		t.Fatalf("before Save: reference %q shown or meaning enabled (%v)", refBefore, meaningDisabled)
	}
	var html string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.body.innerHTML`, &html)); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"sysA", "sysB", shownFixture(fixture.ref[item])} {
		if strings.Contains(html, secret) {
			t.Errorf("page shows %q before Save", secret)
		}
	}

	// Edit the first output into the reference as shown, leave the second
	// alone; the changes appear under the box, once.
	target := shownFixture(fixture.ref[item])
	var inserted, deleted []string
	err = chromedp.Run(ctx,
		setValue(sel(0, "textarea"), ""),
		chromedp.SendKeys(sel(0, "textarea"), target, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .output:nth-child(1) .diff .ins")).map(e => e.textContent)`, &inserted),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs .output:nth-child(1) .diff .del")).map(e => e.textContent)`, &deleted),
	)
	if err != nil {
		t.Fatal(err)
	}
	var wantIns, wantDel []string
	for _, c := range TokenDiff(outputs[0], target) {
		wantIns = append(wantIns, c.Post...)
		wantDel = append(wantDel, c.Output...)
	}
	if strings.Join(inserted, " ") != strings.Join(wantIns, " ") || len(inserted) == 0 || strings.Join(deleted, " ") != strings.Join(wantDel, " ") {
		t.Errorf("highlighted %q added, %q removed; want %q, %q (Go diff of %q → %q)", inserted, deleted, wantIns, wantDel, outputs[0], target)
	}

	// Rate with the keyboard: a label's number chooses it and moves on to
	// the next rating (grammaticality 3 Comprehensible → fluency 3
	// Somewhat natural → the second output's grammaticality 4 Perfect →
	// fluency 2 Somewhat unnatural); meaning waits for Save.
	var ratings []string
	var focused string
	err = chromedp.Run(ctx,
		chromedp.Focus(sel(0, `select[data-scale="grammaticality"]`), chromedp.ByQuery),
		chromedp.KeyEvent("3"), chromedp.KeyEvent("3"), chromedp.KeyEvent("4"), chromedp.KeyEvent("2"),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs select:not([disabled])")).map(e => e.value)`, &ratings),
		chromedp.Evaluate(`document.activeElement.tagName + " " + (document.activeElement.dataset.scale || "")`, &focused),
	)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ratings, "|") != "Comprehensible|Somewhat natural|Perfect|Somewhat unnatural" {
		t.Errorf("ratings chosen by keys: %q", ratings)
	}
	if focused != "SELECT fluency" {
		t.Errorf("after the last key the focus is on %q, want the last rating", focused)
	}
	var before []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&before, 100)); err != nil {
		t.Fatal(err)
	}
	writeScreenshot(t, before, "annotate-before-save.png")

	// Ctrl+Enter is Save: the reference shows, as the rater sees text, and
	// the unchanged output's meaning is pre-filled, visibly.
	var ref, meaning1 string
	var prefilled, tagShown, editedPrefilled bool
	var after []byte
	err = chromedp.Run(ctx,
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(input.ModifierCtrl)),
		chromedp.WaitVisible("#confirm", chromedp.ByQuery),
		chromedp.Text("#reference", &ref, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#outputs .output:nth-child(2) select[data-scale="meaning"]').value`, &meaning1),
		chromedp.Evaluate(`document.querySelector('#outputs .output:nth-child(2) select[data-scale="meaning"]').classList.contains("prefilled")`, &prefilled),
		chromedp.Evaluate(`(() => { const e = document.querySelector('#outputs .output:nth-child(2) select[data-scale="meaning"]').parentElement.querySelector(".prefilled-tag"); return !e.hidden && e.offsetWidth > 0 && e.textContent === "pre-filled"; })()`, &tagShown),
		chromedp.Evaluate(`document.querySelector('#outputs .output:nth-child(1) select[data-scale="meaning"]').classList.contains("prefilled")`, &editedPrefilled),
		chromedp.FullScreenshot(&after, 100),
	)
	if err != nil {
		t.Fatal(err)
	}
	if ref != target {
		t.Errorf("after Save the reference reads %q, want %q", ref, target)
	}
	if meaning1 != "Identical" || !prefilled || !tagShown {
		t.Errorf("unchanged output: meaning defaults to %q, marked pre-filled %v, tag shown %v; want Identical, marked", meaning1, prefilled, tagShown)
	}
	if editedPrefilled {
		t.Error("the edited output's meaning is marked pre-filled")
	}
	writeScreenshot(t, after, "annotate-after-save.png")

	// Rate meaning of the edited output (its key: 3 Minor differences);
	// choosing clears a pre-filled mark.
	var cleared bool
	err = chromedp.Run(ctx,
		chromedp.Focus(sel(0, `select[data-scale="meaning"]`), chromedp.ByQuery),
		chromedp.KeyEvent("3"),
		setValue(sel(1, `select[data-scale="meaning"]`), "Identical"),
		chromedp.Evaluate(`!document.querySelector('#outputs .output:nth-child(2) select[data-scale="meaning"]').classList.contains("prefilled")`, &cleared),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !cleared {
		t.Error("choosing a pre-filled rating left it marked pre-filled")
	}

	// Ctrl+Enter is Confirm: stored, and the next example comes.
	var statusText, progress, source2 string
	var confirmed []byte
	err = chromedp.Run(ctx,
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(input.ModifierCtrl)),
		chromedp.Poll(`document.getElementById("status").textContent.startsWith("Confirmed")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text("#status", &statusText, chromedp.ByQuery),
		chromedp.Text("#progress", &progress, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &source2),
		chromedp.FullScreenshot(&confirmed, 100),
	)
	if err != nil {
		t.Fatal(err)
	}
	writeScreenshot(t, confirmed, "annotate-after-confirm.png")
	item2 := shownItem(t, source2)
	if item2 == item || !strings.HasPrefix(progress, "Example 2 of 2 · 1 confirmed") || !strings.Contains(statusText, "next example") {
		t.Errorf("after Confirm: item %d (was %d), progress %q, status %q; want the next example", item2, item, progress, statusText)
	}

	// The row is in the database, as the rater saw and wrote it ...
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
		bySys[db.Shown(db.Items()[j.Item].Outputs[j.System])] = j
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
	// ... and in both exports: the output as given, as shown, and the
	// post-edit as written; the unchanged output has no edits.
	var jl, sw bytes.Buffer
	if err := db.WriteJSONL(&jl, ""); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(jl.String(), "\n"); n != 6 {
		t.Errorf("JSONL export has %d lines, want 6 (2 outputs × 3 scales)", n)
	}
	for _, want := range []string{`"post_edit":` + jsonString(target), `"shown":` + jsonString(outputs[0]), `"label":"Minor differences"`} {
		if !strings.Contains(jl.String(), want) {
			t.Errorf("JSONL export lacks %s:\n%s", want, jl.String())
		}
	}
	rs, err := db.Ratings("")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.PostEdit == r.Shown && len(r.Edits) != 0 {
			t.Errorf("unchanged output exported with edits %+v", r.Edits)
		}
	}
	if err := db.WriteSwell(&sw, "ann1"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sw.String(), `"corrected": `+pyQuote(target)) || !strings.Contains(sw.String(), `"Meaning Preservation": 3`) ||
		!strings.Contains(sw.String(), `"output": `+pyQuote(outputs[0])) || !strings.Contains(sw.String(), `"original": `+pyQuote(source)) {
		t.Errorf("swell-json export lacks the confirmed post-edit or rating, or the texts as shown:\n%s", sw.String())
	}

	// A reload resumes at the next example, which shows its text as text.
	var progress2, source3 string
	var elements int
	err = chromedp.Run(ctx,
		chromedp.Reload(),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Text("#progress", &progress2, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &source3),
		chromedp.Evaluate(`document.querySelectorAll("#main b, #main script").length`, &elements),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(progress2, "Example 2 of 2 · 1 confirmed") {
		t.Errorf("after reload progress reads %q", progress2)
	}
	if shownItem(t, source3) != item2 || elements != 0 {
		t.Errorf("after reload: item %q, %d markup elements from the data", source3, elements)
	}

	// <<<, >>> and Quit discard unconfirmed changes; confirmed ones come
	// back, marked pre-filled.
	var backEdit, againEdit, againOutput, message string
	var backPrefilled int
	err = chromedp.Run(ctx,
		setValue(sel(0, "textarea"), "an unconfirmed change"),
		chromedp.Click("#prev", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("source").textContent === `+jsonString(shownFixture(fixture.source[item])), nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#outputs textarea")).map(e => e.value).join("|")`, &backEdit),
		chromedp.Evaluate(`document.querySelectorAll("#outputs select.prefilled").length`, &backPrefilled),
		chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(input.ModifierAlt)),
		chromedp.Poll(`document.getElementById("source").textContent === `+jsonString(shownFixture(fixture.source[item2])), nil, chromedp.WithPollingTimeout(10*time.Second)),
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
	if backPrefilled != 6 {
		t.Errorf("a confirmed example shown again has %d ratings marked pre-filled, want 6", backPrefilled)
	}
	if againEdit != againOutput {
		t.Errorf("Alt+Right kept an unconfirmed change: %q, want the output %q", againEdit, againOutput)
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
