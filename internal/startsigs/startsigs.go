// Package startsigs knows the signal state the process started with: the
// signals ignored and blocked, which a launched command inherits as after
// a plain fork and execve (the Go runtime replaces inherited SIG_IGNs with
// its handlers and keeps its start mask to itself); and it keeps the
// signals that were blocked out of sctrace's way, as strace leaves them
// blocked: a pending one never acts, and one sent later never interrupts
// the trace.
//
// The Go runtime unblocks the signals it may die of (SIGHUP, SIGINT,
// SIGQUIT, SIGTERM) on every thread it starts, before any Go code runs, so
// a process started with one of them blocked and pending would die of it
// at once. With cgo, a C constructor, which the C library runs before it
// calls the runtime, records the ignored signals and the mask the process
// started with and discards those four where they are pending and blocked (the process's
// own pending signals: a launched command inherits no pending signal
// anyway). Without cgo nothing is known.
package startsigs

import "syscall"

// BlockedAtStart reports whether sig was blocked when the process
// started; false when this build cannot tell.
func BlockedAtStart(sig syscall.Signal) bool {
	_, blocked, _ := State()
	return sig >= 1 && sig <= 64 && blocked&(1<<(sig-1)) != 0
}

// State returns the signals ignored and those blocked when the process
// started (bit sig-1 for signal sig); ok is false when this build cannot
// tell (without cgo).
func State() (ignored, blocked uint64, ok bool) {
	s, ok := startState()
	return s[0], s[1], ok
}
