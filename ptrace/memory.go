package ptrace

import (
	"bytes"
	"encoding/binary"
	"os"

	"golang.org/x/sys/unix"
)

// pageSize bounds the chunks of a C string read: a read that crosses into an
// unmapped page fails as a whole, even when the string ended before it.
var pageSize = uint64(os.Getpagesize())

// memReader copies tracee memory: with process_vm_readv, or word by word
// with PTRACE_PEEKDATA where that call is unavailable (ENOSYS) or refused
// (EPERM). It is used only on the tracer's thread; its buffers are reused.
type memReader struct {
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
// of it, into dst's memory (dst is reused when large enough). It reads
// max+1 bytes at most, so that it can tell a string of exactly max bytes
// (not truncated) from a longer one (truncated: data then holds its first
// max bytes). faulted means the string could not be read up to its end or
// to max+1 bytes. data is never nil unless faulted.
func (m *memReader) readCString(tid int, addr uint64, max int, dst []byte) (data []byte, truncated, faulted bool) {
	want := uint64(max) + 1
	if uint64(cap(m.scratch)) < want {
		m.scratch = make([]byte, want)
	}
	buf := m.scratch[:want]
	var got uint64
	for got < want {
		a := addr + got
		chunk := pageSize - a%pageSize
		if chunk > want-got {
			chunk = want - got
		}
		part := buf[got : got+chunk]
		if err := m.read(tid, a, part); err != nil {
			return nil, false, true
		}
		if i := bytes.IndexByte(part, 0); i >= 0 {
			return copyInto(dst, buf[:got+uint64(i)]), false, false
		}
		got += chunk
	}
	return copyInto(dst, buf[:max]), true, false
}

// copyInto copies src into dst's memory if it fits, else into a new slice.
// The result is never nil.
func copyInto(dst, src []byte) []byte {
	out := append(dst[:0], src...)
	if out == nil {
		out = []byte{}
	}
	return out
}

// sized returns a slice of n bytes, reusing buf's memory if it fits.
func sized(buf []byte, n uint64) []byte {
	if uint64(cap(buf)) >= n {
		return buf[:n]
	}
	return make([]byte, n)
}

// readPointers reads the NULL-terminated array of 8-byte pointers at addr.
// It keeps the first keep pointers in m.ptrs and counts up to limit of
// them. faulted is set when a pointer could not be read; count then says
// how many were read before.
func (m *memReader) readPointers(tid int, addr uint64, keep, limit int) (ptrs []uint64, count int, faulted bool) {
	m.ptrs = m.ptrs[:0]
	var raw [512]byte
	for count < limit {
		a := addr + uint64(count)*8
		chunk := pageSize - a%pageSize
		if chunk > uint64(len(raw)) {
			chunk = uint64(len(raw))
		}
		if left := uint64(limit-count) * 8; chunk > left {
			chunk = left
		}
		chunk &^= 7
		if chunk == 0 {
			chunk = 8
		}
		part := raw[:chunk]
		if err := m.read(tid, a, part); err != nil {
			return m.ptrs, count, true
		}
		for off := 0; off < len(part); off += 8 {
			p := binary.LittleEndian.Uint64(part[off:])
			if p == 0 {
				return m.ptrs, count, false
			}
			if count < keep {
				m.ptrs = append(m.ptrs, p)
			}
			count++
		}
	}
	return m.ptrs, count, false
}
