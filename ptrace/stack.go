package ptrace

import (
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// captureStack fills st with the stopped thread tid's user registers and
// the readable part of its stack from the stack pointer up, at most size
// bytes (-k). It reports whether the registers could be read. It runs on
// the tracer thread.
func captureStack(tid, size int, st *trace.UserStack) bool {
	var r unix.PtraceRegs
	if unix.PtraceGetRegs(tid, &r) != nil {
		return false
	}
	st.Regs = [trace.UserRegs]uint64{r.Rax, r.Rdx, r.Rcx, r.Rbx, r.Rsi, r.Rdi, r.Rbp, r.Rsp,
		r.R8, r.R9, r.R10, r.R11, r.R12, r.R13, r.R14, r.R15, r.Rip}
	if cap(st.Data) < size {
		st.Data = make([]byte, size)
	}
	st.Data = st.Data[:readUpTo(tid, r.Rsp, st.Data[:size])]
	return true
}

// readUpTo reads tid's memory at addr into buf up to the first byte that
// cannot be read, and returns how many bytes it read.
func readUpTo(tid int, addr uint64, buf []byte) int {
	local := []unix.Iovec{{Base: &buf[0]}}
	local[0].SetLen(len(buf))
	remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(buf)}}
	n, err := unix.ProcessVMReadv(tid, local, remote, 0)
	if err == nil {
		// A read that runs into an unreadable page stops before it.
		return n
	}
	// Refused as a whole (the first page): nothing is readable there.
	return 0
}
