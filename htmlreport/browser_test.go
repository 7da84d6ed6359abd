package htmlreport

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/human"

	"github.com/gecmetric/gecmetric/internal/browsertest"
)

// browser starts chromium for a browser test (internal/browsertest).
func browser(t *testing.T) context.Context { return browsertest.Start(t) }

// TestBrowserPages opens each page in chromium and checks what a reader
// sees: every figure decoded and drawn at its width, the tables filled,
// the diff marks rendered, and nothing fetched from elsewhere.
func TestBrowserPages(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	write := func(name string, f func(w io.Writer) error) string {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return "file://" + p
	}
	var conf agreement.Result
	e := edits.Edit{OStart: 1, OEnd: 2, O: []string{"go"}, C: []string{"goes"}, Type: "R:VERB:SVA"}
	conf.Add([]string{"He", "go"}, []edits.Edit{e}, []edits.Edit{e})
	corr := calibrate.Correlation{Scale: &human.Scale{Name: "fluency"}, Items: 3, Systems: 1,
		Human: []float64{1, 2, 3}, Metric: []float64{0.2, 0.1, 0.5}}
	pages := []struct {
		name          string
		url           string
		images, rows  int    // figures, table body rows
		selector, has string // an element and its text
	}{
		{"compare", write("compare.html", func(w io.Writer) error { return Compare(w, testReport(t), CompareOptions{}) }),
			2, 2, "div.sentence del", "goes"},
		{"confusion", write("confusion.html", func(w io.Writer) error { return Confusion(w, "agreement", &conf) }),
			1, 1, "h1", "agreement"},
		{"correlation", write("correlation.html", func(w io.Writer) error { return Correlation(w, "m", []calibrate.Correlation{corr}) }),
			1, 0, "h2", "fluency"},
		{"judge", write("judge.html", func(w io.Writer) error { return Judge(w, testJudgeReport()) }),
			3, 9, "div.sentence ins", "<now>"},
	}
	for _, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			var drawn, rows int
			var text string
			var external []string
			err := chromedp.Run(ctx,
				chromedp.Navigate(pg.url),
				chromedp.WaitReady("body"),
				chromedp.Evaluate(`[...document.images].filter(i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 300).length`, &drawn),
				chromedp.Evaluate(`document.querySelectorAll("tbody tr").length`, &rows),
				chromedp.Evaluate(`performance.getEntriesByType("resource").map(r => r.name).filter(n => !n.startsWith("data:"))`, &external),
				chromedp.Text(pg.selector, &text, chromedp.ByQuery),
			)
			if err != nil {
				t.Fatal(err)
			}
			if drawn != pg.images {
				t.Errorf("%d figures drawn, want %d", drawn, pg.images)
			}
			if pg.rows > 0 && rows < pg.rows {
				t.Errorf("%d table rows, want at least %d", rows, pg.rows)
			}
			if text != pg.has {
				t.Errorf("%s reads %q, want %q", pg.selector, text, pg.has)
			}
			if len(external) > 0 {
				t.Errorf("the page fetched %v; it must be self-contained", external)
			}
		})
	}
}
