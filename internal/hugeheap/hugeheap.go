// Package hugeheap puts the Go heap that a start-up is about to allocate
// on transparent huge pages. Where the kernel gives huge pages only to
// memory that asks for them (transparent_hugepage/enabled is
// "madvise"), the Go runtime's heap is made of 4 KiB pages, each mapped
// at its first touch by a page fault. The eBPF backend's start-up touches
// about 18 MB of new heap (the kernel's BTF, the objects' specifications,
// their copies for each load): 4,000 faults. On a virtual machine whose
// faults trap to the hypervisor, each costs 10 to 20 µs, and the faults
// are most of the start-up; a 2 MiB page costs one fault.
//
// Two parts of the heap are put on huge pages: the chunk the runtime
// starts with, as the package is initialized (every run's package
// initialization and flag parsing allocate there: tablewriter alone makes
// a 660 KB cache), and the next Size bytes, when a start-up asks
// (Reserve).
//
// Reserve is safe for concurrent use.
package hugeheap

import (
	"bytes"
	"os"
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Size is how much heap Reserve prepares: the eBPF backend's start-up
// keeps up to 18 MB of objects (a full trace; -c 6 MB), and the pages
// left untouched cost nothing.
const Size = 32 << 20

// hugePage is the size of a transparent huge page on the architectures
// sctrace has programs for (x86_64, arm64 with 4 KiB pages).
const hugePage = 2 << 20

// modeFile is where the kernel says when it gives huge pages.
const modeFile = "/sys/kernel/mm/transparent_hugepage/enabled"

// chunk is the unit in which the runtime maps its heap (the page
// allocator's chunk, 4 MiB on 64-bit Linux): the heap a process starts
// with is one chunk, aligned to its size.
const chunk = 4 << 20

var once sync.Once

// onRequest is whether the kernel gives huge pages only to the memory
// that asks for them, read once, before init and Reserve use it.
var onRequest = advisedOnly()

// first is allocated as the package is initialized, in the chunk the
// heap starts with (in init: a package-level new may be laid out in the
// binary instead).
var first *[16]byte

func init() {
	first = new([16]byte)
	adviseFirst(uintptr(unsafe.Pointer(first)))
}

// adviseFirst puts the chunk that holds addr, the heap's first, on huge
// pages where the kernel gives them on request only: it asks for them
// there (MADV_HUGEPAGE), so that a 2 MiB part not touched yet gets one at
// its first fault, and has the parts the runtime has touched already
// collapsed into huge pages (MADV_COLLAPSE, Linux 6.1 and later; before,
// they stay small). The collapse runs in the background: the kernel first
// has every CPU drain its page lists, which takes milliseconds when
// another CPU is slow to run the work (a virtual CPU the host has
// descheduled); allocations made meanwhile fault as they would have.
func adviseFirst(addr uintptr) {
	if !onRequest {
		return
	}
	start := addr &^ (chunk - 1)
	if madvise(start, chunk, unix.MADV_HUGEPAGE) != nil {
		return
	}
	go madvise(start, chunk, unix.MADV_COLLAPSE)
}

// madvise is madvise(2) on the n bytes at addr, an address rather than a
// pointer: the range holds other objects and free memory, which a Go
// pointer must not point into.
func madvise(addr, n uintptr, advice int) error {
	if _, _, errno := unix.Syscall(unix.SYS_MADVISE, addr, n, uintptr(advice)); errno != 0 {
		return errno
	}
	return nil
}

// Reserve makes the heap's next Size bytes huge-page memory, once per
// process and only when the kernel gives huge pages to memory that asks
// for them: it allocates a block of that size, which the runtime maps
// fresh and does not touch, asks for huge pages there (madvise
// MADV_HUGEPAGE), and collects the block, whose pages the allocations that
// follow then reuse. The collection costs a few milliseconds; where the
// kernel gives huge pages to every mapping, or to none, Reserve does
// nothing.
func Reserve() {
	once.Do(func() {
		if !onRequest {
			return
		}
		if adviseFresh() != nil {
			return
		}
		// The block is unreachable once adviseFresh returns: the
		// collection frees it and sweeps before it returns, even with
		// the collector paused.
		runtime.GC()
	})
}

// adviseFresh allocates a block of Size bytes, which the runtime maps
// fresh and leaves untouched, and asks for huge pages for the part of it
// aligned to them. The block is unreachable once it returns.
//
//go:noinline
func adviseFresh() error {
	block := make([]byte, Size)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	skip := (hugePage - start%hugePage) % hugePage
	n := (Size - skip) &^ (hugePage - 1)
	return unix.Madvise(block[skip:skip+n], unix.MADV_HUGEPAGE)
}

// advisedOnly reports whether the kernel gives transparent huge pages
// only to the memory that madvise asks them for.
func advisedOnly() bool {
	mode, err := os.ReadFile(modeFile)
	return err == nil && bytes.Contains(mode, []byte("[madvise]"))
}
