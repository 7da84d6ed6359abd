package annotate

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserDoubleConfirm: a rater who presses Ctrl+Enter twice on
// Confirm, while each commit takes 150 ms (a slow disk, a remote rater),
// lands on the next example, never on the one after it unseen: one
// Confirm is in flight at a time, and the next example is shown only
// after the server acknowledged. Before: the second press confirmed the
// same example again and, when its answer came, skipped one (the page
// showed "Example 3 of 4 · 1 confirmed", 5 of 5 runs).
func TestBrowserDoubleConfirm(t *testing.T) {
	ctx := browser(t)
	src := []string{"A b c .", "D e f .", "G h i .", "J k l ."}
	db := openTestDB(t, createTask(t, t.TempDir(), "swell", src, src,
		map[string][]string{"sysA": src, "sysB": src}))
	ann, err := db.AddAnnotator("ann1")
	if err != nil {
		t.Fatal(err)
	}
	// The slowed store: every commit takes 150 ms, one at a time (one
	// writer, as SQLite has).
	var confirms atomic.Int32
	var store sync.Mutex
	app := NewServer(db)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/confirm" {
			confirms.Add(1)
			store.Lock()
			defer store.Unlock()
			time.Sleep(150 * time.Millisecond)
		}
		app.ServeHTTP(w, r)
	}))
	defer srv.Close()

	rateAll := func(scales ...string) chromedp.Action {
		var acts chromedp.Tasks
		for k := range 2 {
			for _, sc := range scales {
				label := map[string]string{"grammaticality": "Perfect", "fluency": "Somewhat natural", "meaning": "Identical"}[sc]
				acts = append(acts, setValue(sel(k, `select[data-scale="`+sc+`"]`), label))
			}
		}
		return acts
	}
	ctrlEnter := chromedp.KeyEvent("\r", chromedp.KeyModifiers(input.ModifierCtrl))
	var first, second, progress, statusText string
	err = chromedp.Run(ctx,
		chromedp.Navigate(Link(srv.URL, ann)),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Text("#progress", &progress, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &first),
		rateAll("grammaticality", "fluency"),
		ctrlEnter, // Save
		chromedp.WaitVisible("#confirm", chromedp.ByQuery),
		rateAll("meaning"),
		ctrlEnter, ctrlEnter, // Confirm, twice
		chromedp.Poll(`document.getElementById("status").textContent.startsWith("Confirmed")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Sleep(600*time.Millisecond), // a second answer would have come by now
		chromedp.Text("#progress", &progress, chromedp.ByQuery),
		chromedp.Text("#status", &statusText, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &second),
	)
	if err != nil {
		t.Fatal(err)
	}
	done, err := db.ConfirmedItems("ann1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(progress, "Example 2 of 4 · 1 confirmed") || second == first || len(done) != 1 {
		t.Errorf("after Ctrl+Enter twice on Confirm: progress %q, source %q (first %q), %d items confirmed, status %q; want example 2, 1 confirmed",
			progress, second, first, len(done), statusText)
	}
	if n := confirms.Load(); n != 1 {
		t.Errorf("the page sent %d confirms, want 1", n)
	}
	// The example shown is the rater's second: a reload (which resumes at
	// the first unconfirmed example) shows the same.
	var reloaded string
	err = chromedp.Run(ctx,
		chromedp.Reload(),
		chromedp.WaitVisible("#outputs .output", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("source").textContent`, &reloaded),
	)
	if err != nil {
		t.Fatal(err)
	}
	if reloaded != second {
		t.Errorf("a reload shows %q, the page showed %q", reloaded, second)
	}
}
