package atomicfile

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Temporary files live while a Write runs. An interrupt or a termination
// request (SIGINT, SIGTERM) that arrives then would end the process
// before Write's deferred removal: a handler, registered only while a
// temporary file exists, removes every live one and then delivers the
// signal again with the handler gone, so that the process ends as it
// would have (or, where the command handles the signal itself, carries on
// with its own shutdown: a Write whose file was removed then fails with
// an error that wraps context.Canceled).
var temps = struct {
	sync.Mutex
	live        map[string]bool
	ch          chan os.Signal
	interrupted os.Signal // set once a signal removed the live files
}{live: map[string]bool{}}

var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// track creates a temporary file for path and registers it for removal on
// a signal. It returns the file or the error of os.CreateTemp.
func track(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	if temps.interrupted != nil {
		return nil, fmt.Errorf("%w (%v)", context.Canceled, temps.interrupted)
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	temps.live[f.Name()] = true
	if temps.ch == nil {
		// A signal the process ignores (started by nohup, or in the
		// background of a shell without job control) stays ignored:
		// Notify would turn it on.
		var sigs []os.Signal
		for _, s := range stopSignals {
			if !signal.Ignored(s) {
				sigs = append(sigs, s)
			}
		}
		temps.ch = make(chan os.Signal, 1)
		if len(sigs) > 0 {
			signal.Notify(temps.ch, sigs...)
		}
		go onSignal(temps.ch)
	}
	return f, nil
}

// untrack forgets a temporary file that was renamed or removed, and stops
// listening for signals when none is left.
func untrack(name string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.live, name)
	if len(temps.live) == 0 && temps.ch != nil {
		signal.Stop(temps.ch)
		close(temps.ch)
		temps.ch = nil
	}
}

// interruptedErr reports whether a signal removed the live temporary files.
func interruptedErr(path string) error {
	temps.Lock()
	defer temps.Unlock()
	if temps.interrupted == nil {
		return nil
	}
	return fmt.Errorf("writing %s: %w (%v)", path, context.Canceled, temps.interrupted)
}

func onSignal(ch chan os.Signal) {
	sig, ok := <-ch
	if !ok {
		return
	}
	temps.Lock()
	for name := range temps.live {
		os.Remove(name)
		delete(temps.live, name)
	}
	temps.interrupted = sig
	if temps.ch == ch {
		signal.Stop(ch)
		temps.ch = nil
	}
	temps.Unlock()
	// Again, without this handler: the default action ends the process,
	// unless the command listens for the signal itself.
	if p, err := os.FindProcess(os.Getpid()); err != nil || p.Signal(sig) != nil {
		os.Exit(130)
	}
}

// Temp creates a temporary file as os.CreateTemp does and registers it
// like Write's own: a SIGINT or SIGTERM that arrives while it exists
// removes it before the process ends, and so does RemoveTemps. Call
// RemoveTemp when done with it.
func Temp(dir, pattern string) (*os.File, error) { return track(dir, pattern) }

// RemoveTemp closes and removes a file made by Temp, and forgets it.
func RemoveTemp(f *os.File) error {
	err := f.Close()
	if rerr := os.Remove(f.Name()); err == nil {
		err = rerr
	}
	untrack(f.Name())
	return err
}

// RemoveTemps removes every temporary file that exists (Temp's and
// Write's), for a process about to end otherwise (a panic).
func RemoveTemps() {
	temps.Lock()
	names := make([]string, 0, len(temps.live))
	for name := range temps.live {
		names = append(names, name)
	}
	temps.Unlock()
	for _, name := range names {
		os.Remove(name)
		untrack(name)
	}
}
