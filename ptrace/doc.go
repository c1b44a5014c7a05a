// Package ptrace is sctrace's ptrace backend: it traces a launched command
// or attached processes with ptrace(2), stopping each traced thread at every
// system call entry and exit, and reports what it sees as trace.Events.
//
// One goroutine, locked to its OS thread for its whole life, makes every
// ptrace and wait4 call, because the kernel ties a tracee to the thread that
// attached it. It also calls the sink, so events arrive in the order the
// stops were observed.
//
// A launched command starts through the exec stub of package
// internal/tracee: the backend starts /proc/self/exe with a marker in its
// environment, and tracee.Init, which the program's main calls first,
// turns that process into the command once the tracer holds it. Nothing
// the stub does before its execve is reported.
//
// # Events
//
// The stops feed the task table of package internal/tracee, shared with
// the eBPF backend, which builds the events; they obey the event contract
// of package trace. Under ptrace:
//
//   - SyscallEnter at each entry stop, with the entry-time captures;
//     SyscallExit at each exit stop, repeating NR, Args and Enter and
//     carrying every capture (entry ones copied forward, exit ones filled
//     in). Syscalls outside Options.Filter produce neither, and their
//     memory is not read. An exit whose entry was not seen (a task
//     attached inside a call) is not reported.
//   - Signal at a signal-delivery-stop, when Options.SignalsWanted; the
//     signal is then delivered. A group-stop is reported as a Signal whose
//     SignalInfo has GroupStop set (strace's "--- stopped by SIGSTOP ---");
//     the task then waits in PTRACE_LISTEN, stopped as it would be untraced.
//   - Exec at PTRACE_EVENT_EXEC, between the execve's entry and exit;
//     OldTID is the thread that called execve (the leader's own id unless
//     another thread executed it; that thread's id is then gone, with no
//     Exit).
//   - NewTask when a task appears under FollowForks (before any event of
//     the new task), and for each task attached to, with Attached set. The
//     launched command gets none: its first event is its execve's entry.
//   - Exit when a task has exited or was killed. A task that exits inside
//     a call (exit_group) first gets a SyscallExit with NoReturn set. A
//     task detached inside a call gets none: its call is unfinished.
//   - Detached when the tracer let go of a task at the end of a cancelled
//     run (or after the sink failed).
//
// PID (thread group id), TID and Arch are set on every event; Arch is that
// of the task's last syscall stop (0 before the first).
package ptrace
