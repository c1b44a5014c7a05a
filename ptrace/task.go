package ptrace

import (
	"github.com/sctrace/sctrace/internal/tracee"
)

// task is the tracer's state of one traced thread: the state both backends
// keep (tracee.Task) and what stops under ptrace add to it.
type task struct {
	tracee.Task
	// groupStopped: the task sits in a group-stop under PTRACE_LISTEN.
	groupStopped bool
	// adopted: the task was registered at its first stop, and its
	// creator's fork event has not named it yet.
	adopted bool
	// killing / detaching: set while tracing shuts down.
	killing, detaching bool
	// seccomp: the task runs under the --seccomp-bpf filter (seen at a
	// seccomp stop, or inherited): it is resumed with PTRACE_CONT outside
	// traced calls.
	seccomp bool
	// stime is the process's system CPU time (ns) at the entry stop, for
	// Options.SyscallCPUTime.
	stime int64
	// injectCounts are the thread's counts of the -e inject= rules, by
	// syscall number; tamper is what they do to the current call.
	injectCounts map[int32]*injectCount
	tamper       tampering
}
