package tracee

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// DetachStdio replaces the tracer's own standard input and output, once
// the command has started with them, by the read end of a pipe whose
// write end is closed (reads see end of file, writes fail): the command
// alone then holds the pipes it was given, so that a reader or writer at
// their other end sees it close them, as under strace (which does the
// same). Standard error stays: the tracer reports there.
func DetachStdio() error {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return fmt.Errorf("detach standard descriptors: %w", err)
	}
	unix.Close(p[1])
	defer unix.Close(p[0])
	for fd := 0; fd <= 1; fd++ {
		if err := unix.Dup3(p[0], fd, 0); err != nil {
			return fmt.Errorf("detach standard descriptor %d: %w", fd, err)
		}
	}
	return nil
}
