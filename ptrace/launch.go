package ptrace

import (
	"fmt"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// launch starts target's command through the exec stub and seizes it while
// it is stopped before its execve. The stub stays hidden until that execve:
// its first reported event is the execve's entry.
func (tr *tracer) launch(target trace.Target) error {
	seccomp, err := tr.stubFilter()
	if err != nil {
		return fmt.Errorf("launch %s: %w", target.Path, err)
	}
	argv, stubEnv := tracee.StubCommand(target, seccomp)

	if tr.sameCPU {
		// The stub inherits the tracer thread's affinity.
		tr.place.pin()
	}
	pid, err := tracee.StartStub(target.Path, argv, stubEnv)
	if err != nil {
		return err
	}
	if target.DetachStdio {
		if err := tracee.DetachStdio(); err != nil {
			tracee.KillAndReap(pid)
			return err
		}
	}
	tr.place.pinned = pid
	if err := seize(pid, tr.launchOptions()); err != nil {
		tracee.KillAndReap(pid)
		return fmt.Errorf("launch %s: ptrace(PTRACE_SEIZE, %d): %w", target.Path, pid, err)
	}
	// The stub now sits in a group-stop that we end; the SIGCONT (and
	// anything else before the execve) is hidden from the sink.
	if err := unix.Kill(pid, unix.SIGCONT); err != nil {
		tracee.KillAndReap(pid)
		return fmt.Errorf("launch %s: continue exec stub: %w", target.Path, err)
	}
	tr.tasks.Put(&task{Task: tracee.Task{TID: pid, PID: pid, Launched: true, Hidden: true}})
	tr.launchPid = pid
	return nil
}

// stubFilter is the --seccomp-bpf filter the exec stub installs, encoded
// (tracee.SeccompSpec); "" without --seccomp-bpf.
func (tr *tracer) stubFilter() (string, error) {
	if !tr.seccomp {
		return "", nil
	}
	return tracee.SeccompSpec(tr.opts.Filter)
}

// launchOptions are the PTRACE_O_* options of the launched command (before
// -f adds the fork options at its execve). Without --seccomp-bpf the
// command outlives a tracer that dies (the kernel detaches it), as under
// strace. Under --seccomp-bpf it gets TRACESECCOMP and EXITKILL: with no
// tracer left, the filter's SECCOMP_RET_TRACE would fail the filtered
// calls with ENOSYS, so the command dies with the tracer instead.
func (tr *tracer) launchOptions() int {
	o := baseOptions
	if tr.seccomp {
		o |= unix.PTRACE_O_TRACESECCOMP | unix.PTRACE_O_EXITKILL
	}
	return o
}
