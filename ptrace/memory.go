package ptrace

import (
	"golang.org/x/sys/unix"
)

// peekData reads tid's memory word by word with PTRACE_PEEKDATA: the
// fallback of the tracer's capture.Process where process_vm_readv is
// unavailable or refused. It runs on the tracer thread. A short read is an
// error (EFAULT).
func peekData(tid int, addr uint64, buf []byte) error {
	n, err := unix.PtracePeekData(tid, uintptr(addr), buf)
	if err != nil {
		return err
	}
	if n < len(buf) {
		return unix.EFAULT
	}
	return nil
}
