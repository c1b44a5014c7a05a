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

var once sync.Once

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
		if !advisedOnly() {
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
