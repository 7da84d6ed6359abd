// Package progress reports how far a long task has come, on stderr: one
// status line that updates in place on a terminal, or plain lines at a
// slower pace when asked for in a log.
//
// A [Meter] is started once per command. The work reports counts with
// [Meter.Update] (done, and the total when it is known) from any
// goroutine; a ticker writes the line. The line reads
//
//	gecmetric: meta-eval: 120/1,200 resamples (10%), 35/s, ETA 31 s, 3 s
//	gecmetric: eval: 12,345 sentences, 4,100/s, 3 s
//	gecmetric: correlate: 4 s
//
// (counts when there are any, the rate over the time since the counts
// began, the estimated time left when the total is known, the time since
// the start). Nothing is written in the first two seconds, so short runs
// stay silent, and nothing at all when the Meter is off (stderr not a
// terminal and no --progress). On a terminal the line is cleared at the
// end; a log gets a line every 10 s. Rates and ETAs are wall-clock.
package progress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
)

// Options configure a Meter.
type Options struct {
	Label string // what runs, e.g. "gecmetric: judge"
	// TTY is true when w is a terminal: the line is rewritten in place
	// every Interval (default 500 ms). Otherwise, with Log, a line is
	// written every Interval (default 10 s).
	TTY, Log bool
	Interval time.Duration
	// Delay is how long nothing is written (default 2 s).
	Delay time.Duration
	Now   func() time.Time // the clock; nil means time.Now
}

// A Meter writes a task's progress to w. Its methods may be called from
// several goroutines. The zero value is not usable; call Start.
type Meter struct {
	w    io.Writer
	opt  Options
	stop chan struct{}
	wg   sync.WaitGroup

	mu          sync.Mutex
	start       time.Time
	first       time.Time // when counts began (the first Update)
	base        int       // done at first
	done, total int
	unit        string
	shown       bool
	last        time.Time
}

// Start returns a running Meter writing to w; Stop ends it. When opt
// asks for neither a terminal nor a log, the Meter writes nothing.
func Start(w io.Writer, opt Options) *Meter {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Delay == 0 {
		opt.Delay = 2 * time.Second
	}
	if opt.Interval == 0 {
		opt.Interval = 10 * time.Second
		if opt.TTY {
			opt.Interval = 500 * time.Millisecond
		}
	}
	m := &Meter{w: w, opt: opt, start: opt.Now()}
	if !opt.TTY && !opt.Log {
		return m
	}
	m.stop = make(chan struct{})
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		t := time.NewTicker(opt.Interval)
		defer t.Stop()
		for {
			select {
			case <-m.stop:
				return
			case <-t.C:
				m.Tick()
			}
		}
	}()
	return m
}

// On reports whether the Meter writes anything.
func (m *Meter) On() bool { return m != nil && (m.opt.TTY || m.opt.Log) }

// Update records that done units (e.g. "sentences") of total are done;
// total 0 means unknown. Counts of a new unit start a new rate.
func (m *Meter) Update(done, total int, unit string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.first.IsZero() || unit != m.unit || done < m.done {
		m.first, m.base, m.unit = m.opt.Now(), done, unit
	}
	m.done, m.total = done, total
}

// Stage is Update in the shape of the libraries' progress callbacks
// (func(stage string, done, total int)): the stage names the units.
func (m *Meter) Stage(stage string, done, total int) { m.Update(done, total, stage) }

// Tick writes the line now if it is due (the ticker calls it).
func (m *Meter) Tick() {
	if !m.On() {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opt.Now()
	if now.Sub(m.start) < m.opt.Delay || (m.shown && now.Sub(m.last) < m.opt.Interval) {
		return
	}
	m.last, m.shown = now, true
	msg := m.line(now)
	if m.opt.TTY {
		fmt.Fprintf(m.w, "\r\033[K%s", msg)
	} else {
		fmt.Fprintln(m.w, msg)
	}
}

// Stop ends the Meter, clearing the line on a terminal.
func (m *Meter) Stop() {
	if m == nil || m.stop == nil {
		return
	}
	close(m.stop)
	m.wg.Wait()
	m.stop = nil
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shown && m.opt.TTY {
		fmt.Fprint(m.w, "\r\033[K")
	}
}

// line is the status line at now.
func (m *Meter) line(now time.Time) string {
	elapsed := now.Sub(m.start)
	if m.first.IsZero() {
		return fmt.Sprintf("%s: %s", m.opt.Label, seconds(elapsed))
	}
	return fmt.Sprintf("%s: %s, %s", m.opt.Label, Counts(m.done-m.base, m.done, m.total, m.unit, now.Sub(m.first)), seconds(elapsed))
}

// Counts describes done units of total (0: unknown) after d, of which
// the last counted units were done in d: "120/1,200 resamples (10%),
// 35/s, ETA 31 s", or "12,345 sentences, 4,100/s" without a total.
func Counts(counted, done, total int, unit string, d time.Duration) string {
	s := Thousands(done)
	if total > 0 {
		s += "/" + Thousands(total)
	}
	if unit != "" {
		s += " " + unit
	}
	if total > 0 {
		s += fmt.Sprintf(" (%d%%)", 100*done/total)
	}
	if d <= 0 || counted <= 0 {
		return s
	}
	rate := float64(counted) / d.Seconds()
	s += ", " + rateString(rate) + "/s"
	if total > 0 && done < total {
		s += ", ETA " + seconds(time.Duration(float64(total-done)/rate*float64(time.Second)))
	}
	return s
}

func rateString(r float64) string {
	if r >= 10 {
		return Thousands(int(r + 0.5))
	}
	return strconv.FormatFloat(r, 'f', 1, 64)
}

// seconds prints a duration in whole seconds, or minutes and seconds.
func seconds(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d min %02d s", s/60, s%60)
}

// Thousands prints n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// CountLines counts the lines of the regular file at path (a last line
// without a newline counts), reading it once: the total of a command that
// streams the file. Standard input ("-") and other non-regular files are
// an error, their length being unknown.
func CountLines(path string) (int, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	if path == "-" || !fi.Mode().IsRegular() {
		return 0, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, last := 0, byte('\n')
	for {
		k, err := f.Read(buf)
		if k > 0 {
			n += bytes.Count(buf[:k], []byte{'\n'})
			last = buf[k-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		n++
	}
	return n, nil
}
