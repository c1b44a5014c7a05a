// Package trace is the contract between sctrace's backends and everything that
// consumes what they observe.
//
// A Backend turns a running program into a stream of Events. The decoder and
// the summarizer read only Events: they never reach into a traced process, so
// they cannot tell which backend produced what they format. The package
// imports nothing else of sctrace's, so every other package may depend on it.
//
// # The event contract
//
// Every backend's stream obeys the rules below; the printer relies on them,
// and internal/backendtest's TestContract checks both backends against them. A
// "thread" is a TID; the rules are per thread unless they say otherwise.
// Events of different threads interleave in the order the backend observed
// them, which is the order a sink receives them.
//
// Which fields each Kind sets (PID, TID and Enter are set on every event but
// Lost, whose PID and TID may be 0):
//
//   - SyscallEnter: Arch, Pers, NR (in Pers's table), Args, Enter (the
//     entry time) and the entry-time Captures; ArgFDs under
//     Options.NameNewFDs and Sockets under Options.DescribeSockets, from a
//     backend whose events are handled after the fact.
//   - SyscallExit: Arch, Pers, and NR, Args and Enter equal to its
//     SyscallEnter's;
//     Exit, Ret, every Capture (entry-time ones carried forward, exit-time
//     ones filled in), CPUTime when HasCPUTime, NewFDs and Sockets under
//     their options. With NoReturn, Ret is meaningless.
//   - Either syscall event: UnknownCall when the backend could not read
//     the call's entry; the exit: Unavailable (with NoReturn) when it
//     could not read the call's result.
//   - Signal: Signal (GroupStop set for a group stop, whose Raw is zero).
//   - Exit: Status, or ExitSignal (and CoreDumped) when a signal killed the
//     thread.
//   - NewTask: Attached for a task attached to (-p), with Threads on a
//     process's leader attached with its threads and WithLeader on those
//     threads; Attached and Scoped for a task an Options.Scope took at
//     a call (that call's SyscallEnter follows).
//   - Exec: OldTID, the thread that called execve.
//   - Lost: Lost, the number of events dropped since the previous Lost.
//   - Detached: nothing more.
//   - PersonalityChange: Arch and Pers of the call about to enter, and IP.
//
// Ordering:
//
//   - NewTask comes before any other event of its thread. The launched
//     command's first thread has none: its first event is the SyscallEnter
//     of the execve that replaces the exec stub (nothing of the stub before
//     it is reported).
//   - A thread's calls do not nest: each SyscallEnter is followed by that
//     call's SyscallExit before the thread's next SyscallEnter. Only an Exec
//     comes between them, and only in a call that executes a program. Calls
//     outside Options.Filter produce neither event. An exit whose entry was
//     not seen (a thread attached inside a call) is not reported.
//   - Exec comes between the execve's SyscallEnter and its SyscallExit,
//     once, when the execve succeeds. When a thread other than the group's
//     leader executed (OldTID != TID), that thread takes over the leader's
//     id: OldTID's open execve continues under TID (the exit is reported
//     with TID), OldTID has no further events and no Exit, and the leader's
//     own state (a call it was blocked in) ends with no event, or, from a
//     backend that sees the leader start to exit (ptrace), with a
//     SyscallExit with NoReturn before the Exec.
//   - A Signal comes between a thread's calls, never between a
//     SyscallEnter and its SyscallExit: a signal that interrupts a call is
//     reported after that call's exit and before the thread's next call.
//   - A thread that ends inside a call (exit_group, killed while blocked)
//     gets a SyscallExit with NoReturn for it; after that only Signals and
//     then its Exit follow (or the Exec of a thread taking over its id). A thread's Exit comes with no call open.
//   - Exit is a thread's last event. A thread-group leader's Exit comes
//     after the Exit of every other traced thread of its group, as wait(2)
//     reports it.
//   - Detached is a thread's last event: tracing let go of it (a cancelled
//     run, or one whose sink failed; under Options.DetachOnExec, right
//     after the Exec of its execve); a call it was in stays open, with no
//     NoReturn.
//   - PersonalityChange comes before the SyscallEnter (if reported) of a
//     call whose personality differs from the thread's previous call's
//     (the first call's from PersNative), whether or not Options.Filter
//     selects that call, never while a call is open.
//   - Lost may come at any point and voids the rules above for the events
//     it stands for.
//
// A run whose sink never fails and whose context is not cancelled ends
// each traced thread with an Exit (or, for OldTID, an Exec; or, under
// Options.DetachOnExec, a Detached).
package trace
