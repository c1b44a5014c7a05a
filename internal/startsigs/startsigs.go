// Package startsigs keeps the signals that were blocked when sctrace
// started out of its way, as strace leaves them blocked: a pending one
// never acts, and one sent later never interrupts the trace.
//
// The Go runtime unblocks the signals it may die of (SIGHUP, SIGINT,
// SIGQUIT, SIGTERM) on every thread it starts, before any Go code runs, so
// a process started with one of them blocked and pending would die of it
// at once. With cgo, a C constructor, which the C library runs before it
// calls the runtime, records the signal mask the process started with and
// discards those four where they are pending and blocked (the process's
// own pending signals: a launched command inherits no pending signal
// anyway). Without cgo nothing is known.
package startsigs

import "syscall"

// BlockedAtStart reports whether sig was blocked when the process
// started; false when this build cannot tell.
func BlockedAtStart(sig syscall.Signal) bool {
	mask, _ := startMask()
	return sig >= 1 && sig <= 64 && mask&(1<<(sig-1)) != 0
}
