package batch

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func counter(n int) func() (int, bool) {
	i := 0
	return func() (int, bool) {
		if i == n {
			return 0, false
		}
		i++
		return i - 1, true
	}
}

func TestMapOrder(t *testing.T) {
	for _, tt := range []struct{ n, size int }{{0, 4}, {1, 4}, {10, 3}, {1000, 7}, {64, 64}, {65, 64}} {
		var got []int
		err := Map(context.Background(), tt.size, counter(tt.n), func(w int, x *int) (int, error) {
			if w < 0 || w >= Workers() {
				return 0, fmt.Errorf("worker %d", w)
			}
			return *x * *x, nil
		}, func(x *int, r *int) error {
			if *r != *x**x || *x != len(got) {
				return fmt.Errorf("item %d result %d after %d items", *x, *r, len(got))
			}
			got = append(got, *x)
			return nil
		})
		if err != nil || len(got) != tt.n {
			t.Errorf("%d items in batches of %d: %v, %d emitted", tt.n, tt.size, err, len(got))
		}
	}
}

// The first failing item's error is returned after every item before it
// was emitted; nothing after it is.
func TestMapError(t *testing.T) {
	bad := errors.New("bad")
	emitted := 0
	err := Map(context.Background(), 8, counter(100), func(w int, x *int) (int, error) {
		if *x == 37 || *x == 41 || *x == 90 {
			return 0, fmt.Errorf("item %d: %w", *x, bad)
		}
		return *x, nil
	}, func(x *int, r *int) error {
		emitted++
		return nil
	})
	if err == nil || err.Error() != "item 37: bad" || emitted != 37 {
		t.Errorf("got %v after %d items", err, emitted)
	}
	stop := errors.New("stop")
	err = Map(context.Background(), 8, counter(100), func(w int, x *int) (int, error) { return *x, nil },
		func(x *int, r *int) error {
			if *x == 5 {
				return stop
			}
			return nil
		})
	if err != stop {
		t.Errorf("emit's error: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Map(ctx, 8, counter(100), func(w int, x *int) (int, error) { return *x, nil }, func(*int, *int) error { return nil }); err != context.Canceled {
		t.Errorf("cancelled: got %v", err)
	}
}
