package capture

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
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
	// Cached reads an object of up to cachePages pages through whole
	// pages it keeps, as strace's umoven does, so that the objects of
	// one page (a call's iovec buffers, an argv's strings) cost one
	// process_vm_readv. The caller drops the pages with Forget whenever
	// the tracee may have run or its memory was written.
	Cached bool

	local   [1]unix.Iovec
	remote  [1]unix.RemoteIovec
	scratch []byte
	ptrs    []uint64
	pages   pageCache
}

// cachePages is how many pages a cached Process keeps.
const cachePages = 4

// pageCache holds the last pages a cached Process read whole, by address;
// used counts the slots filled, next is the one to fill next.
type pageCache struct {
	addr [cachePages]uint64
	data [cachePages][]byte
	used int
	next int
}

// BPFObject implements Descriptors: what the path /proc shows for
// descriptor fd of the thread says.
func (p *Process) BPFObject(fd int32) syscalls.BPFObject {
	path, err := os.Readlink("/proc/" + strconv.Itoa(p.TID) + "/fd/" + strconv.Itoa(int(fd)))
	if err != nil {
		return syscalls.BPFObjOther
	}
	return syscalls.BPFObjectOf(path)
}

// VcpuRun implements Descriptors: the mapping /proc/PID/maps lists first
// under the name /proc shows for descriptor fd, a KVM vcpu's.
func (p *Process) VcpuRun(fd int32) (uint64, bool) {
	tid := strconv.Itoa(p.TID)
	name, err := os.Readlink("/proc/" + tid + "/fd/" + strconv.Itoa(int(fd)))
	if err != nil || !strings.HasPrefix(name, vcpuFilePrefix) {
		return 0, false
	}
	maps, err := os.Open("/proc/" + tid + "/maps")
	if err != nil {
		return 0, false
	}
	defer maps.Close()
	start, size, ok := firstMapping(maps, name)
	return start, ok && size >= syscalls.KVMRunSize
}

// vcpuFilePrefix begins the name of a KVM vcpu's descriptor.
const vcpuFilePrefix = "anon_inode:kvm-vcpu:"

// firstMapping returns the start and size of the first mapping maps (the
// text of /proc/PID/maps) lists of the file of an anonymous inode
// (device major 0) named name.
func firstMapping(maps io.Reader, name string) (start, size uint64, ok bool) {
	sc := bufio.NewScanner(maps)
	for sc.Scan() {
		// START-END PERMS OFFSET MAJOR:MINOR INODE NAME
		f := strings.Fields(sc.Text())
		if len(f) != 6 || f[5] != name || !strings.HasPrefix(f[3], "00:") {
			continue
		}
		from, to, found := strings.Cut(f[0], "-")
		s, err1 := strconv.ParseUint(from, 16, 64)
		e, err2 := strconv.ParseUint(to, 16, 64)
		if !found || err1 != nil || err2 != nil || e < s {
			continue
		}
		return s, e - s, true
	}
	return 0, 0, false
}

// Forget drops the pages a cached Process keeps.
func (p *Process) Forget() { p.pages.used, p.pages.next = 0, 0 }

// page returns the kept copy of the page at addr, reading it whole first
// when it is not kept.
func (p *Process) page(addr uint64) ([]byte, error) {
	c := &p.pages
	for i := range c.used {
		if c.addr[i] == addr {
			return c.data[i], nil
		}
	}
	i := c.next
	if c.data[i] == nil {
		c.data[i] = make([]byte, pageSize)
	}
	if err := p.readDirect(addr, c.data[i]); err != nil {
		return nil, err
	}
	c.addr[i] = addr
	c.next = (i + 1) % cachePages
	c.used = min(c.used+1, cachePages)
	return c.data[i], nil
}

// readCached fills buf from addr through the kept pages.
func (p *Process) readCached(addr uint64, buf []byte) error {
	for len(buf) > 0 {
		start := addr &^ (pageSize - 1)
		pg, err := p.page(start)
		if err != nil {
			return err
		}
		n := copy(buf, pg[addr-start:])
		buf = buf[n:]
		addr += uint64(n)
	}
	return nil
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
	if p.Cached && !p.NoVM && addr != 0 {
		first, last := addr&^(pageSize-1), (addr+uint64(len(buf))-1)&^(pageSize-1)
		if (last-first)/pageSize < cachePages {
			if p.readCached(addr, buf) == nil {
				return nil
			}
			// A page that cannot be read: the object alone, as
			// readDirect reads it, says how.
		}
	}
	return p.readDirect(addr, buf)
}

// readDirect reads buf from addr with one process_vm_readv, or with the
// fallback.
func (p *Process) readDirect(addr uint64, buf []byte) error {
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
