//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// privateStdout keeps the engine's answers out of reach of everything
// else: they go to a duplicate of file descriptor 1, and descriptor 1
// itself (os.Stdout, /dev/stdout) becomes standard error, so that nothing
// printed to standard output by mistake (a command's help, an --output
// of /dev/stdout) lands between two answers.
func privateStdout() (*os.File, error) {
	fd, err := unix.Dup(1)
	if err != nil {
		return nil, err
	}
	unix.CloseOnExec(fd)
	if err := unix.Dup2(2, 1); err != nil {
		unix.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), "engine answers"), nil
}
