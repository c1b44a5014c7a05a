package tracee

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Sigaction is the kernel's struct sigaction on x86_64 and arm64, for the
// raw rt_sigaction calls the Go runtime's os/signal cannot make: setting a
// disposition the runtime keeps for itself, or a flag of its handler.
type Sigaction struct {
	Handler  uintptr // SigDFL, SigIGN or a handler's address
	Flags    uint64
	Restorer uintptr
	Mask     uint64
}

// Handler values of Sigaction.
const (
	SigDFL = 0
	SigIGN = 1
)

// RtSigaction is rt_sigaction(2): it installs act for sig (unless act is
// nil) and stores the previous action in old (unless old is nil).
func RtSigaction(sig unix.Signal, act, old *Sigaction) error {
	_, _, errno := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig),
		uintptr(unsafe.Pointer(act)), uintptr(unsafe.Pointer(old)), 8, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
