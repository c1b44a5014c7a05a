package bpfbackend

import (
	"fmt"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// adoptCommand traces the command target.Adopt names (-D): a process that
// is not sctrace's child, waiting in the exec stub. It is registered as
// the launched stub is, hidden until its execve, but reported attached,
// as strace -D reports it; then it is released. Its exit comes as any
// traced task's, from the programs' exit record.
func (s *session) adoptCommand(target trace.Target) error {
	a := target.Adopt
	pid := a.PID
	if err := tracee.CheckAttach(pid); err != nil {
		return &tracee.AttachError{PID: pid, Err: err}
	}
	if s.p.lone {
		if err := s.p.setLoneTID(pid); err != nil {
			return err
		}
	}
	if err := s.p.objs.Traced.Put(uint32(pid), sctraceTracedMarkTRACED_STUB); err != nil {
		return fmt.Errorf("ebpf: trace thread %d: %w", pid, err)
	}
	s.tasks.Put(s.taskState(pid, pid, false, true))
	if err := s.tasks.Adopted(pid, monotonicNow(), target, ""); err != nil {
		return fmt.Errorf("ebpf: %w", err)
	}
	return nil
}
