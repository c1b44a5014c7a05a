package ptrace

import (
	"fmt"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// adoptCommand traces the command target.Adopt names (-D): a process that
// is not the tracer's child, waiting in the exec stub. It is seized as a
// -p process is, and reported attached, as strace -D reports it, but
// hidden until its execve, as a launched stub is; then it is released.
// Its wait status still comes to the tracer's wait4, as a tracee's does.
func (tr *tracer) adoptCommand(target trace.Target) error {
	a := target.Adopt
	pid := a.PID
	seccomp, err := tr.stubFilter()
	if err != nil {
		return fmt.Errorf("ptrace: %w", err)
	}
	if err := seize(pid, tr.launchOptions()); err != nil {
		return &tracee.AttachError{PID: pid, Err: err}
	}
	// The stub waits in a read, which the interrupt restarts.
	_ = interrupt(pid)
	tr.tasks.Put(&task{Task: tracee.Task{TID: pid, PID: pid, Hidden: true}})
	tr.attached++
	tr.adoptPid = pid
	if err := tr.tasks.Adopted(pid, tr.clock.now(), target, seccomp); err != nil {
		return fmt.Errorf("ptrace: %w", err)
	}
	return nil
}
