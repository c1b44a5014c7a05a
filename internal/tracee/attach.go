package tracee

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// AttachError is the failure to attach to one -p process, worded as strace
// words it: "attach: ptrace(PTRACE_SEIZE, 42): No such process". Both
// backends report it, whatever mechanism they attach with.
type AttachError struct {
	PID int
	Err error
}

// Error returns strace's wording, with glibc's capitalized strerror.
func (e *AttachError) Error() string {
	reason := e.Err.Error()
	var errno syscall.Errno
	if errors.As(e.Err, &errno) && reason != "" {
		reason = strings.ToUpper(reason[:1]) + reason[1:]
	}
	return fmt.Sprintf("attach: ptrace(PTRACE_SEIZE, %d): %s", e.PID, reason)
}

// Unwrap returns the underlying error.
func (e *AttachError) Unwrap() error { return e.Err }
