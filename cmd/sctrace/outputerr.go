package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/sctrace/sctrace/trace"
)

// An output error (the trace cannot be written: EPIPE, ENOSPC …) never
// harms the traced command. The backend stops tracing and lets the
// command run to its own end; sctrace reports the error once, as strace
// words it ("PATH: Broken pipe"), and exits with the command's status.

// outputError is a failed write of the trace.
type outputError struct{ err error }

// Error returns strace's wording: the file, then strerror.
func (e *outputError) Error() string {
	var pe *fs.PathError
	var errno syscall.Errno
	if errors.As(e.err, &pe) && errors.As(pe.Err, &errno) {
		return fmt.Sprintf("%s: %s", pe.Path, describe(errno))
	}
	return e.err.Error()
}

// Unwrap returns the write's error.
func (e *outputError) Unwrap() error { return e.err }

// markingOutputErrors returns sink whose errors are outputErrors.
func markingOutputErrors(sink func(*trace.Event) error) func(*trace.Event) error {
	return func(ev *trace.Event) error {
		if err := sink(ev); err != nil {
			return &outputError{err}
		}
		return nil
	}
}

// isOutputError reports whether err is a failed write of the trace.
func isOutputError(err error) bool {
	var oe *outputError
	return errors.As(err, &oe)
}
