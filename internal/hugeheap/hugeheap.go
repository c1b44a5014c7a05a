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
// Two parts of the heap are put on huge pages: from the package's
// initialization on, the heap's next allocations (every run's package
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

// skipped holds the blocks init allocates to move the heap's next
// allocations to untouched memory, for the life of the process: were they
// freed, the runtime would hand their pages out first. The runtime maps
// them fresh and never touches them, so they take no memory.
var skipped [][]byte

func init() {
	first = new([16]byte)
	if start, ok := adviseFirst(uintptr(unsafe.Pointer(first))); ok {
		skipToUntouched(start)
	}
}

// adviseFirst puts the chunk that holds addr, the heap's first, on huge
// pages where the kernel gives them on request only: it asks for them
// there (MADV_HUGEPAGE), so that a 2 MiB part not touched yet gets one at
// its first fault, and has the parts the runtime has touched already
// collapsed into huge pages (MADV_COLLAPSE, Linux 6.1 and later; before,
// they stay small). The collapse runs in the background: the kernel first
// has every CPU drain its page lists, which takes milliseconds when
// another CPU is slow to run the work (a virtual CPU the host has
// descheduled); allocations made meanwhile fault as they would have. It
// returns the chunk's start, and false when it asked for nothing.
func adviseFirst(addr uintptr) (start uintptr, ok bool) {
	if !onRequest {
		return 0, false
	}
	start = addr &^ (chunk - 1)
	if madvise(start, chunk, unix.MADV_HUGEPAGE) != nil {
		return 0, false
	}
	go madvise(start, chunk, unix.MADV_COLLAPSE)
	return start, true
}

// skipToUntouched moves the heap's next allocations into 2 MiB of memory
// that asks for huge pages and of which no page is mapped yet, where the
// first touch maps one huge page. The runtime starts the heap at a random
// page of its first chunk (Go 1.26's randomized heap base), and a 2 MiB
// range stays on small pages once one of its pages is: the huge page lies
// in the untouched half of the chunk the heap has reached, if it has one,
// and otherwise at the start of the chunk after it. skipToUntouched
// allocates the free memory up to there, and into the next chunk in the
// second case, so that the runtime maps it now, then asks for huge pages
// in that chunk; it keeps the blocks in skipped. The runtime gives a large
// block the lowest free pages but for those its per-CPU caches hold, so a
// block may lie further on than asked, which leaves more of the range
// untouched, not less.
func skipToUntouched(firstChunk uintptr) {
	// probe is 16 pages, too many for the per-CPU caches: the block
	// comes from the lowest free pages, so it ends where the heap has
	// reached.
	const probe = 64 << 10
	at := keep(probe)
	c := at &^ (chunk - 1)
	if c != firstChunk {
		// The first chunk is full: the probe mapped the next one.
		_ = madvise(c, chunk, unix.MADV_HUGEPAGE)
	}
	top := at + probe
	if next := alignUp(top, hugePage); next < c+chunk {
		if next > top {
			keep(next - top)
		}
		return
	}
	rest := c + chunk - top + probe
	end := keep(rest) + rest
	if n := (end - 1) &^ (chunk - 1); n != c {
		_ = madvise(n, chunk, unix.MADV_HUGEPAGE)
	}
}

// keep allocates an n-byte block that the process keeps and returns its
// address.
func keep(n uintptr) uintptr {
	b := make([]byte, n)
	skipped = append(skipped, b)
	return uintptr(unsafe.Pointer(unsafe.SliceData(b)))
}

// alignUp rounds addr up to a multiple of align, a power of two.
func alignUp(addr, align uintptr) uintptr { return (addr + align - 1) &^ (align - 1) }

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
	skip := alignUp(start, hugePage) - start
	n := (Size - skip) &^ (hugePage - 1)
	return unix.Madvise(block[skip:skip+n], unix.MADV_HUGEPAGE)
}

// advisedOnly reports whether the kernel gives transparent huge pages
// only to the memory that madvise asks them for.
func advisedOnly() bool {
	mode, err := os.ReadFile(modeFile)
	return err == nil && bytes.Contains(mode, []byte("[madvise]"))
}
