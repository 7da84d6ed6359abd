//go:build unix

package agreement_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used, so
// that benchmarks on a shared machine can report throughput per CPU-second
// beside wall-clock throughput.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
