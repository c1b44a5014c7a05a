package capture

import (
	"bytes"
	"encoding/binary"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pageSize bounds the chunks of a C string or pointer array read: a read
// that crosses into an unmapped page fails as a whole, even when the
// object ended before it.
var pageSize = uint64(os.Getpagesize())

// ReadFunc reads a whole object at addr into buf, or fails.
type ReadFunc func(addr uint64, buf []byte) error

// ReadCString implements Memory.ReadCString over read, one page at most
// at a time; scratch keeps its buffer between calls.
func ReadCString(read ReadFunc, addr uint64, max int, dst []byte, scratch *[]byte) (data []byte, truncated bool, fault StringFault) {
	want := uint64(max) + 1
	if uint64(cap(*scratch)) < want {
		*scratch = make([]byte, want)
	}
	buf := (*scratch)[:want]
	var got uint64
	for got < want {
		a := addr + got
		chunk := min(pageSize-a%pageSize, want-got)
		part := buf[got : got+chunk]
		if err := read(a, part); err != nil {
			return nil, false, StringFault{Faulted: true, Before: int(got), Want: int(want)}
		}
		if i := bytes.IndexByte(part, 0); i >= 0 {
			return CopyInto(dst, buf[:got+uint64(i)]), false, StringFault{}
		}
		got += chunk
	}
	return CopyInto(dst, buf[:max]), true, StringFault{}
}

// ReadPointers implements Memory.ReadPointers over read, one page at most
// at a time; the pointers kept are stored in *ptrs.
func ReadPointers(read ReadFunc, addr uint64, keep, limit int, ptrs *[]uint64) ([]uint64, int, bool) {
	*ptrs = (*ptrs)[:0]
	var raw [512]byte
	count := 0
	for count < limit {
		a := addr + uint64(count)*8
		chunk := min(pageSize-a%pageSize, uint64(len(raw)), uint64(limit-count)*8)
		chunk &^= 7
		if chunk == 0 {
			chunk = 8
		}
		part := raw[:chunk]
		if err := read(a, part); err != nil {
			return *ptrs, count, true
		}
		for off := 0; off < len(part); off += 8 {
			p := binary.LittleEndian.Uint64(part[off:])
			if p == 0 {
				return *ptrs, count, false
			}
			if count < keep {
				*ptrs = append(*ptrs, p)
			}
			count++
		}
	}
	return *ptrs, count, false
}

// Process is a Memory over a live thread's address space, read with
// process_vm_readv, or with Fallback where that call is unavailable
// (ENOSYS, then never tried again) or refused (EPERM). Both backends read
// tracees through it. A Process is not safe for concurrent use: it reuses
// its buffers.
type Process struct {
	// TID is the thread read.
	TID int
	// Fallback, if set, reads tid's memory another way (the ptrace
	// backend's PTRACE_PEEKDATA); without it those errors are returned.
	Fallback func(tid int, addr uint64, buf []byte) error
	// NoVM skips process_vm_readv and reads with Fallback only.
	NoVM bool

	local   [1]unix.Iovec
	remote  [1]unix.RemoteIovec
	scratch []byte
	ptrs    []uint64
}

var _ Memory = (*Process)(nil)

// Read implements Memory. A short read is an error (EFAULT): the callers
// want an object whole or not at all.
func (p *Process) Read(addr uint64, buf []byte) error {
	if len(buf) == 0 {
		return nil
	}
	if addr+uint64(len(buf)) < addr {
		return unix.EFAULT
	}
	if !p.NoVM || p.Fallback == nil {
		p.local[0].Base = unsafe.SliceData(buf)
		p.local[0].SetLen(len(buf))
		p.remote[0] = unix.RemoteIovec{Base: uintptr(addr), Len: len(buf)}
		n, err := unix.ProcessVMReadv(p.TID, p.local[:], p.remote[:], 0)
		p.local[0].Base = nil
		switch {
		case err == nil && n == len(buf):
			return nil
		case err == nil:
			return unix.EFAULT
		case p.Fallback == nil:
			return err
		case err == unix.ENOSYS:
			p.NoVM = true
		case err != unix.EPERM:
			return err
		}
	}
	return p.Fallback(p.TID, addr, buf)
}

// ReadCString implements Memory.
func (p *Process) ReadCString(addr uint64, max int, dst []byte) ([]byte, bool, StringFault) {
	return ReadCString(p.Read, addr, max, dst, &p.scratch)
}

// ReadPointers implements Memory.
func (p *Process) ReadPointers(addr uint64, keep, limit int) ([]uint64, int, bool) {
	return ReadPointers(p.Read, addr, keep, limit, &p.ptrs)
}
