package ptrace

import (
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/capture"
)

// memReader copies tracee memory: with process_vm_readv, or word by word
// with PTRACE_PEEKDATA where that call is unavailable (ENOSYS) or refused
// (EPERM). It is used only on the tracer's thread; its buffers are reused.
// As a capture.Memory it reads thread tid.
type memReader struct {
	// tid is the thread the capture.Memory methods read.
	tid int
	// noVM is set once process_vm_readv reported ENOSYS.
	noVM   bool
	local  [1]unix.Iovec
	remote [1]unix.RemoteIovec
	// scratch holds C strings while their end is looked for.
	scratch []byte
	// ptrs holds the pointers of a string array.
	ptrs []uint64
}

// read fills buf from the tracee's address addr. A short read is an error
// (EFAULT): the callers want an object whole or not at all.
func (m *memReader) read(tid int, addr uint64, buf []byte) error {
	if len(buf) == 0 {
		return nil
	}
	if addr+uint64(len(buf)) < addr {
		return unix.EFAULT
	}
	if !m.noVM {
		m.local[0].Base = &buf[0]
		m.local[0].SetLen(len(buf))
		m.remote[0] = unix.RemoteIovec{Base: uintptr(addr), Len: len(buf)}
		n, err := unix.ProcessVMReadv(tid, m.local[:], m.remote[:], 0)
		m.local[0].Base = nil
		switch {
		case err == nil && n == len(buf):
			return nil
		case err == nil:
			return unix.EFAULT
		case err == unix.ENOSYS:
			m.noVM = true
		case err != unix.EPERM:
			return err
		}
	}
	n, err := unix.PtracePeekData(tid, uintptr(addr), buf)
	if err != nil {
		return err
	}
	if n < len(buf) {
		return unix.EFAULT
	}
	return nil
}

// readCString copies the NUL-terminated string at addr, at most max bytes
// of it, as capture.Memory's ReadCString says.
func (m *memReader) readCString(tid int, addr uint64, max int, dst []byte) (data []byte, truncated, faulted bool) {
	return capture.ReadCString(func(a uint64, buf []byte) error { return m.read(tid, a, buf) }, addr, max, dst, &m.scratch)
}

var _ capture.Memory = (*memReader)(nil)

// Read implements capture.Memory for thread m.tid.
func (m *memReader) Read(addr uint64, buf []byte) error { return m.read(m.tid, addr, buf) }

// ReadCString implements capture.Memory for thread m.tid.
func (m *memReader) ReadCString(addr uint64, max int, dst []byte) ([]byte, bool, bool) {
	return m.readCString(m.tid, addr, max, dst)
}

// ReadPointers implements capture.Memory for thread m.tid.
func (m *memReader) ReadPointers(addr uint64, keep, limit int) ([]uint64, int, bool) {
	return m.readPointers(m.tid, addr, keep, limit)
}

// readPointers reads the NULL-terminated array of 8-byte pointers at addr,
// as capture.Memory's ReadPointers says; the pointers kept are in m.ptrs.
func (m *memReader) readPointers(tid int, addr uint64, keep, limit int) (ptrs []uint64, count int, faulted bool) {
	return capture.ReadPointers(func(a uint64, buf []byte) error { return m.read(tid, a, buf) }, addr, keep, limit, &m.ptrs)
}
