// Package batch runs a stream of items through a function on all cores, a
// batch at a time, and hands the results on in input order: the shape of
// every streamed command (eval, edits, judge). Memory holds at most four
// batches (one being read, one being worked on, two waiting to be handed
// on), whatever the length of the stream.
package batch

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers returns the number of goroutines Map works with: GOMAXPROCS.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Map reads items with next until it returns false, calls work on each, in
// parallel on Workers() goroutines (w is the worker's index, for state a
// worker keeps, such as buffers), and calls emit with every item and its
// result in input order, from the calling goroutine. size is the number of
// items per batch (at least 1). The first error of work or emit, or the
// context's, stops Map and is returned; next is then not called again.
// next runs on a goroutine of its own; neither next nor work is running
// when Map returns.
func Map[T, R any](ctx context.Context, size int, next func() (T, bool), work func(w int, t *T) (R, error), emit func(t *T, r *R) error) error {
	size = max(size, 1)
	type job struct {
		items []T
		outs  []R
		err   error
	}
	ctx, cancel := context.WithCancel(ctx)
	// On return, nothing runs any more: next and work are not called after
	// Map returns.
	var running sync.WaitGroup
	defer running.Wait()
	defer cancel()
	read := make(chan *job, 1)
	done := make(chan *job, 1)
	running.Add(2)
	go func() {
		defer running.Done()
		defer close(read)
		for {
			j := &job{items: make([]T, 0, size)}
			for len(j.items) < size {
				t, ok := next()
				if !ok {
					break
				}
				j.items = append(j.items, t)
			}
			if len(j.items) == 0 {
				return
			}
			last := len(j.items) < size
			select {
			case read <- j:
			case <-ctx.Done():
				return
			}
			if last {
				return
			}
		}
	}()
	go func() {
		defer running.Done()
		defer close(done)
		workers := Workers()
		for j := range read {
			j.outs = make([]R, len(j.items))
			errs := make([]error, len(j.items))
			var next atomic.Int64
			var wg sync.WaitGroup
			for w := range min(workers, len(j.items)) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for ctx.Err() == nil {
						i := int(next.Add(1)) - 1
						if i >= len(j.items) {
							return
						}
						j.outs[i], errs[i] = work(w, &j.items[i])
					}
				}()
			}
			wg.Wait()
			// The items before the first that failed are handed on, then
			// its error, as a sequential run would report it.
			for i, err := range errs {
				if err != nil {
					j.items, j.outs, j.err = j.items[:i], j.outs[:i], err
					break
				}
			}
			select {
			case done <- j:
			case <-ctx.Done():
				return
			}
			if j.err != nil {
				return
			}
		}
	}()
	for j := range done {
		for i := range j.items {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := emit(&j.items[i], &j.outs[i]); err != nil {
				return err
			}
		}
		if j.err != nil {
			return j.err
		}
	}
	return ctx.Err()
}
