package ptrace

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// task is the tracer's state of one traced thread.
type task struct {
	tid, pid int
	// launched says the task descends from the launched command (it is
	// killed when tracing is cancelled); otherwise it was attached to, or
	// descends from an attached task, and is detached instead.
	launched bool
	// hidden: the exec stub before its execve. Nothing is reported.
	hidden bool
	// groupStopped: the task sits in a group-stop under PTRACE_LISTEN.
	groupStopped bool
	// killing / detaching: set while tracing shuts down.
	killing, detaching bool
	// seccomp: the task runs under the --seccomp-bpf filter (seen at a
	// seccomp stop, or inherited): it is resumed with PTRACE_CONT outside
	// traced calls.
	seccomp bool

	// arch is the AUDIT_ARCH_* value of the last syscall stop.
	arch uint32

	// The syscall in progress, from its entry stop.
	inSyscall bool
	// wanted says the entry passed the filter: events are emitted and the
	// capture plan runs.
	wanted bool
	nr     int32
	args   [trace.MaxArgs]uint64
	// sp is the stack pointer at the entry, for stack-relative plans.
	sp    uint64
	enter int64
	// stime is the process's system CPU time (ns) at the entry stop, for
	// Options.SyscallCPUTime.
	stime int64
	sc    *syscalls.Syscall
	caps  [trace.MaxArgs]trace.Capture
	// bufs keeps the memory of each argument's capture Data for reuse:
	// an event's memory is valid only during the sink's call.
	bufs [trace.MaxArgs][]byte
}

// clearCaptures forgets the captures of the previous syscall, keeping
// their memory for the next ones.
func (t *task) clearCaptures() {
	for i := range t.caps {
		if d := t.caps[i].Data; cap(d) > cap(t.bufs[i]) {
			t.bufs[i] = d[:0]
		}
	}
	t.caps = [trace.MaxArgs]trace.Capture{}
}
