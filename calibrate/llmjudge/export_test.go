package llmjudge

import (
	"context"
	"time"
)

// SetSleep replaces the client's waits between retries (tests record them
// instead of waiting).
func SetSleep(c *Client, f func(ctx context.Context, d time.Duration) error) { c.sleep = f }
