package tracee

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/sctrace/sctrace/trace"
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

// AttachAll attaches to each of pids with attach (-p), which registers a
// process's threads and reports them (ReportAttached). Like strace, it
// carries on past a pid it cannot attach: each failure goes to warn, or,
// without warn, the first is kept. It fails only when nothing was
// attached and nothing is to be launched (launching says whether a
// command follows): with that first failure, or ErrNothingAttached
// prefixed by backend. A sink failure during the attaches is returned.
func (tb *Table[T]) AttachAll(pids []int, launching bool, warn func(error), attach func(pid int) error, backend string) error {
	var first error
	attached := 0
	for _, pid := range pids {
		err := attach(pid)
		if err == nil {
			attached++
			continue
		}
		if warn != nil {
			warn(err)
		} else if first == nil {
			first = err
		}
	}
	if tb.err != nil {
		return tb.err
	}
	if attached > 0 || launching {
		return nil
	}
	if first != nil {
		return first
	}
	return fmt.Errorf("%s: %w", backend, trace.ErrNothingAttached)
}
