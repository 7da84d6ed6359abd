package progress

import (
	"strings"
	"testing"
	"time"
)

func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		counted, done, total int
		unit                 string
		d                    time.Duration
		want                 string
	}{
		{"total known", 120, 120, 1200, "resamples", 4 * time.Second, "120/1,200 resamples (10%), 30/s, ETA 36 s"},
		{"total unknown", 12345, 12345, 0, "sentences", 3 * time.Second, "12,345 sentences, 4,115/s"},
		{"slow", 3, 3, 10, "models", 10 * time.Second, "3/10 models (30%), 0.3/s, ETA 23 s"},
		{"long ETA", 10, 10, 1000, "units", 10 * time.Second, "10/1,000 units (1%), 1.0/s, ETA 16 min 30 s"},
		{"done", 50, 50, 50, "items", time.Second, "50/50 items (100%), 50/s"},
		{"nothing yet", 0, 0, 7, "runs", time.Second, "0/7 runs (0%)"},
		{"rate since the counts began", 100, 1100, 2000, "units", 10 * time.Second, "1,100/2,000 units (55%), 10/s, ETA 1 min 30 s"},
	} {
		if got := Counts(tc.counted, tc.done, tc.total, tc.unit, tc.d); got != tc.want {
			t.Errorf("%s: Counts = %q, want %q", tc.name, got, tc.want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// A Meter is silent for the first two seconds, then writes a line per
// interval: in place on a terminal (cleared at the end), plain lines in a
// log; off, it writes nothing.
func TestMeter(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tty, log bool
		want     string
	}{
		{"terminal", true, false, "\r\x1b[Kgecmetric: judge: 1 s\r\x1b[Kgecmetric: judge: 50/200 sentences (25%), 25/s, ETA 6 s, 4 s\r\x1b[K"},
		{"log", false, true, "gecmetric: judge: 1 s\ngecmetric: judge: 50/200 sentences (25%), 25/s, ETA 6 s, 4 s\n"},
		{"off", false, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			now := time.Unix(1000, 0)
			clock := func() time.Time { return now }
			m := Start(&b, Options{Label: "gecmetric: judge", TTY: tc.tty, Log: tc.log, Interval: time.Hour, Delay: time.Second, Now: clock})
			m.Tick() // at 0 s: too early
			now = now.Add(time.Second)
			m.Tick() // at 1 s: the elapsed time alone
			now = now.Add(time.Second)
			m.Update(0, 200, "sentences")
			now = now.Add(time.Second)
			m.Tick() // within the interval: nothing
			m.opt.Interval = time.Second
			now = now.Add(time.Second)
			m.Update(50, 200, "sentences")
			m.Tick() // at 4 s, 50 sentences in the 2 s since counting began
			m.Stop()
			if tc.tty || tc.log {
				if got := b.String(); got != tc.want {
					t.Errorf("wrote %q, want %q", got, tc.want)
				}
			} else if b.Len() != 0 || m.On() {
				t.Errorf("an off Meter wrote %q", b.String())
			}
		})
	}
	var nilMeter *Meter
	nilMeter.Update(1, 2, "x") // a nil Meter ignores counts
	nilMeter.Stop()
}
