package ptrace

import (
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Every ptrace-stop of a tracee sends SIGCHLD to the tracer's process, and
// the Go runtime has a handler installed for it: one signal delivery per
// stop, which costs about as much as the stop itself. SA_NOCLDSTOP stops
// that (the kernel still wakes wait4), while exits keep raising SIGCHLD.
// The flag is added to whatever handler is installed, once per process.

// saNoCldStop is SA_NOCLDSTOP.
const saNoCldStop = 1

// kernelSigaction is the kernel's struct sigaction on x86_64 and arm64.
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

var quietSIGCHLDOnce sync.Once

// quietSIGCHLD sets SA_NOCLDSTOP on the SIGCHLD action; failures leave
// things as they were, only slower.
func quietSIGCHLD() {
	quietSIGCHLDOnce.Do(func() {
		var act kernelSigaction
		if rtSigaction(unix.SIGCHLD, nil, &act) != nil {
			return
		}
		if act.handler == 1 /* SIG_IGN */ || act.flags&saNoCldStop != 0 {
			return
		}
		act.flags |= saNoCldStop
		_ = rtSigaction(unix.SIGCHLD, &act, nil)
	})
}

func rtSigaction(sig unix.Signal, act, old *kernelSigaction) error {
	_, _, errno := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig),
		uintptr(unsafe.Pointer(act)), uintptr(unsafe.Pointer(old)), 8, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
