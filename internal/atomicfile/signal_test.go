//go:build unix

package atomicfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary act as a command that is stopped while it
// writes: with ATOMICFILE_HELPER=PATH it writes PATH and blocks halfway.
func TestMain(m *testing.M) {
	if path := os.Getenv("ATOMICFILE_HELPER"); path != "" {
		if os.Getenv("ATOMICFILE_IGNORE_INT") != "" {
			signal.Ignore(os.Interrupt) // as nohup or a shell's background job
		}
		Write(path, func(w io.Writer) error {
			io.WriteString(w, "half of it\n")
			select {} // until a signal ends the process
		})
		os.Exit(3) // not reached
	}
	os.Exit(m.Run())
}

// TestSignalRemovesTemporary is the audit's case: SIGINT or SIGTERM
// during `edits -o` or `eval -o` left .NAME.tmpNNN beside the target.
// The process must still end by the signal, leaving neither the target
// nor a temporary file.
func TestSignalRemovesTemporary(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.m2")
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER="+path)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(20 * time.Second)
			for {
				ents, _ := os.ReadDir(dir)
				if len(ents) == 1 && strings.HasPrefix(ents[0].Name(), ".out.m2.tmp") {
					if fi, _ := ents[0].Info(); fi != nil && fi.Size() > 0 {
						break
					}
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no temporary file after 20 s: %v", ents)
				}
				time.Sleep(5 * time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("helper: %v, want death by %v", err, sig)
			}
			if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("helper ended with %v, want death by %v", ee, sig)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				var names []string
				for _, e := range ents {
					names = append(names, e.Name())
				}
				t.Errorf("after %v the folder holds %v, want nothing", sig, names)
			}
		})
	}
}

// TestWriteAfterInterruptFails: in a command that listens for the signal
// itself and carries on, a Write after the signal fails with context.Canceled
// wrapped and the temporary file is gone.
func TestWriteAfterInterruptFails(t *testing.T) {
	temps.Lock()
	temps.interrupted = os.Interrupt
	temps.Unlock()
	t.Cleanup(func() {
		temps.Lock()
		temps.interrupted = nil
		temps.Unlock()
	})
	dir := t.TempDir()
	err := Write(filepath.Join(dir, "x"), func(w io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("Write after an interrupt: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left", len(ents))
	}
}

// TestIgnoredSignalStaysIgnored: a process that ignores SIGINT (nohup, a
// background job of a shell without job control) went on to finish; the
// handler must not turn SIGINT on for it. SIGTERM still cleans up.
func TestIgnoredSignalStaysIgnored(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.m2")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER="+path, "ATOMICFILE_IGNORE_INT=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if ents, _ := os.ReadDir(dir); len(ents) == 1 {
			if fi, _ := ents[0].Info(); fi != nil && fi.Size() > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no temporary file after 20 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	go func() { done <- cmd.Wait() }()
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-done:
		t.Fatalf("the helper ended on an ignored SIGINT: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("after an ignored SIGINT the folder holds %d files, want the temporary one", len(ents))
	}
	cmd.Process.Signal(syscall.SIGTERM)
	<-done
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("after SIGTERM the folder holds %d files, want none", len(ents))
	}
}

// TestTempRemoved: a file made by Temp is removed by RemoveTemp, and by
// RemoveTemps (a panic's cleanup) while it still exists; either way it is
// forgotten, so that the signal handler stops once none is left.
func TestTempRemoved(t *testing.T) {
	dir := t.TempDir()
	a, err := Temp(dir, "gecmetric-stdin-*.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Temp(dir, "gecmetric-stdin-*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := RemoveTemp(a); err != nil {
		t.Errorf("RemoveTemp: %v", err)
	}
	RemoveTemps()
	b.Close()
	for _, f := range []*os.File{a, b} {
		if _, err := os.Stat(f.Name()); !os.IsNotExist(err) {
			t.Errorf("%s still exists (%v)", f.Name(), err)
		}
	}
	temps.Lock()
	live, listening := len(temps.live), temps.ch != nil
	temps.Unlock()
	if live != 0 || listening {
		t.Errorf("%d files still tracked, listening for signals: %v", live, listening)
	}
}
