package ptrace

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// This file holds the raw ptrace requests that golang.org/x/sys does not
// wrap the way the backend needs them (options on PTRACE_SEIZE, a signal on
// PTRACE_DETACH, PTRACE_GET_SYSCALL_INFO). Every one of them must be made from
// the tracer's locked OS thread: ptrace ties a tracee to a thread, not to a
// process.

// syscallInfo mirrors the kernel's struct ptrace_syscall_info
// (include/uapi/linux/ptrace.h). The union that follows the header is laid
// out as raw words: for an entry (and a seccomp stop) word 0 is the number
// and words 1..6 the arguments; for an exit, word 0 is the return value and
// the low byte of word 1 is_error.
type syscallInfo struct {
	Op                 uint8
	_                  [3]uint8
	Arch               uint32
	InstructionPointer uint64
	StackPointer       uint64
	Data               [8]uint64
}

// The op values of struct ptrace_syscall_info.
const (
	syscallInfoNone    = unix.PTRACE_SYSCALL_INFO_NONE
	syscallInfoEntry   = unix.PTRACE_SYSCALL_INFO_ENTRY
	syscallInfoExit    = unix.PTRACE_SYSCALL_INFO_EXIT
	syscallInfoSeccomp = unix.PTRACE_SYSCALL_INFO_SECCOMP
)

// nr returns the system call number of an entry stop.
func (si *syscallInfo) nr() int32 { return int32(si.Data[0]) }

// args returns the arguments of an entry stop.
func (si *syscallInfo) args() (a [6]uint64) {
	copy(a[:], si.Data[1:7])
	return a
}

// rval returns the return value of an exit stop.
func (si *syscallInfo) rval() int64 { return int64(si.Data[0]) }

// ptraceRaw issues a ptrace request without entering the Go scheduler's
// blocking-syscall path: none of the requests used this way can block.
func ptraceRaw(req int, tid int, addr, data uintptr) (uintptr, error) {
	ptraceCalls.Add(1)
	r, _, errno := unix.RawSyscall6(unix.SYS_PTRACE, uintptr(req), uintptr(tid), addr, data, 0, 0)
	if errno != 0 {
		return r, errno
	}
	return r, nil
}

// ptracePtr is ptraceRaw for requests whose data argument points into our
// memory. Taking an unsafe.Pointer (not a uintptr) keeps the object alive
// and lets the runtime move a stack object safely until the very call.
func ptracePtr(req int, tid int, addr uintptr, data unsafe.Pointer) error {
	ptraceCalls.Add(1)
	_, _, errno := unix.RawSyscall6(unix.SYS_PTRACE, uintptr(req), uintptr(tid), addr, uintptr(data), 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// seize attaches to tid with PTRACE_SEIZE and the given PTRACE_O_* options.
func seize(tid int, options int) error {
	_, err := ptraceRaw(unix.PTRACE_SEIZE, tid, 0, uintptr(options))
	return err
}

// interrupt stops a seized tracee with PTRACE_INTERRUPT.
func interrupt(tid int) error {
	_, err := ptraceRaw(unix.PTRACE_INTERRUPT, tid, 0, 0)
	return err
}

// listen leaves a tracee in group-stop while letting wait report when it is
// woken (PTRACE_LISTEN).
func listen(tid int) error {
	_, err := ptraceRaw(unix.PTRACE_LISTEN, tid, 0, 0)
	return err
}

// resume restarts a tracee until its next syscall stop (PTRACE_SYSCALL),
// delivering sig if it is not 0.
func resume(tid int, sig int) error {
	_, err := ptraceRaw(unix.PTRACE_SYSCALL, tid, 0, uintptr(sig))
	return err
}

// cont restarts a tracee without a stop at its next syscall (PTRACE_CONT),
// delivering sig if it is not 0.
func cont(tid int, sig int) error {
	_, err := ptraceRaw(unix.PTRACE_CONT, tid, 0, uintptr(sig))
	return err
}

// detach lets go of a stopped tracee (PTRACE_DETACH), delivering sig if it
// is not 0.
func detach(tid int, sig int) error {
	_, err := ptraceRaw(unix.PTRACE_DETACH, tid, 0, uintptr(sig))
	return err
}

// setOptions replaces a stopped tracee's PTRACE_O_* options.
func setOptions(tid int, options int) error {
	_, err := ptraceRaw(unix.PTRACE_SETOPTIONS, tid, 0, uintptr(options))
	return err
}

// eventMsg returns PTRACE_GETEVENTMSG: the new task's id after a
// fork/vfork/clone event, the former thread id after an exec event.
func eventMsg(tid int) (uint64, error) {
	var msg uint64
	err := ptracePtr(unix.PTRACE_GETEVENTMSG, tid, 0, unsafe.Pointer(&msg))
	return msg, err
}

// getSiginfo copies the siginfo_t of a signal-delivery-stop into raw.
func getSiginfo(tid int, raw *[128]byte) error {
	return ptracePtr(unix.PTRACE_GETSIGINFO, tid, 0, unsafe.Pointer(raw))
}

// getSyscallInfo fills si with PTRACE_GET_SYSCALL_INFO.
func getSyscallInfo(tid int, si *syscallInfo) error {
	*si = syscallInfo{}
	return ptracePtr(unix.PTRACE_GET_SYSCALL_INFO, tid, unsafe.Sizeof(*si), unsafe.Pointer(si))
}

// debugSysInfo gives Backend.Debug, once, strace -d's note that
// PTRACE_GET_SYSCALL_INFO works, after it described a syscall stop.
func (tr *tracer) debugSysInfo() {
	if tr.debug == nil || tr.sysInfoNoted || tr.si.Op == syscallInfoNone {
		return
	}
	tr.sysInfoNoted = true
	tr.debug("PTRACE_GET_SYSCALL_INFO works")
}
