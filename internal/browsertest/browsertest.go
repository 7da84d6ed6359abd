// Package browsertest starts the browser of the browser tests (annotate's
// web app, htmlreport's pages): Debian's chromium, headless, driven over
// the DevTools protocol with chromedp.
package browsertest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ChromiumPath is where Debian's chromium package puts the browser.
const ChromiumPath = "/usr/bin/chromium"

// Start starts chromium headless with a fresh profile and returns a
// chromedp context, closed at the end of the test (within 90 s). The test
// is skipped when chromium is not installed, except under CI, where
// .ci/run installs it.
func Start(t testing.TB) context.Context {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must run the browser test, but %s is missing (.ci/run installs Debian's chromium)", ChromiumPath)
		}
		t.Skipf("browser test skipped: %s not found (install with: apt-get install -y chromium)", ChromiumPath)
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
		chromedp.ExecPath(ChromiumPath),
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
	// Chromium now and then fails to start when another test package
	// starts one at the same moment (go test runs packages in parallel):
	// a second try, a moment later, starts.
	for try := range 3 {
		if try > 0 {
			time.Sleep(time.Duration(try) * 500 * time.Millisecond)
		}
		actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err = chromedp.Run(bctx); err == nil {
			t.Cleanup(acancel)
			t.Cleanup(bcancel)
			return bctx
		}
		bcancel()
		acancel()
		t.Logf("starting chromium (try %d): %v", try+1, err)
	}
	t.Fatalf("starting chromium: %v", err)
	return nil
}
