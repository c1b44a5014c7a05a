// Package tracee is what both backends (ptrace and bpfbackend) share about
// the processes they trace, whatever mechanism observes them.
//
//   - Launching: the exec stub and the wake sentinel, which a program
//     enables by calling Init first thing in main (StubCommand,
//     StartStub, StartStopped, StartSentinel); -u credentials and the
//     --seccomp-bpf filter the stub applies before its execve.
//   - Procfs: thread group and parent (Status, ThreadGroup), a process's
//     threads (Threads), kernel threads (IsKernelThread).
//   - Attaching: AttachError, worded as strace words a failed attach.
//
// Nothing here keeps state across calls; every function may be called from
// any goroutine unless its comment says otherwise.
package tracee
