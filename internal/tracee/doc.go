// Package tracee is what both backends (ptrace and bpfbackend) share about
// the threads they trace, whatever mechanism observes them. A backend
// turns what it observes (ptrace stops, ring-buffer records) into calls
// on a Table; the Table builds the events and applies the ordering policy
// that package trace documents as the event contract. The backends never
// import each other.
//
//   - Task is the per-thread state both keep (identity, hidden exec stub,
//     the call in progress and its captures); a backend embeds it in its
//     own task type.
//   - Table holds the tasks of one run and emits their events: NewTask
//     (Add, ReportAttached), SyscallEnter and SyscallExit (EntryEvent,
//     ExitEvent), Exec after a non-leader thread's takeover (Takeover,
//     ReportExec), Signal (ReportSignal), Detached (Detach), and a task's
//     end (ReportExit: the NoReturn exit of the call it died in, then its
//     Exit, a thread-group leader's held until its group is gone). It
//     also applies the -p failure policy (AttachAll).
//   - Launching: the exec stub and the wake sentinel, which a program
//     enables by calling Init first thing in main (StubCommand,
//     StartStub, StartStopped, StartSentinel, KillAndReap); the start-up
//     signal state, the standard descriptors closed at sctrace's start,
//     -u credentials and the --seccomp-bpf filter the stub applies before
//     its execve. Under -D (Daemonize, DaemonTracer, Daemon), the process
//     the user started becomes the stub and waits on a socket for a
//     detached tracer instead of stopping itself.
//   - Procfs: thread group and parent (Status, ThreadGroup), a process's
//     threads (Threads), kernel threads (IsKernelThread).
//   - AttachError, worded as strace words a failed attach.
//
// A Table and its Tasks belong to the one goroutine that runs a backend's
// loop (under ptrace, the locked OS thread that makes every ptrace call);
// the functions without a receiver may be called from any goroutine.
package tracee
