package ptrace

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestWriteMemoryShort: a poke that runs into an inaccessible page writes what
// it can and says so as strace's upoken does; one that starts there writes
// nothing and says nothing (the caller reports the failed poke).
func TestWriteMemoryShort(t *testing.T) {
	page := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[page:], unix.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	base := uint64(uintptr(unsafe.Pointer(unsafe.SliceData(mem))))
	data := []byte("?STRACEstrace?\x00")
	tid := unix.Gettid()

	n, warn := writeMemory(tid, base+uint64(page)-1, data)
	if n != 1 || warn == nil || !strings.Contains(warn.Error(), "short write (1 < 15)") {
		t.Errorf("write across the end of the mapping: %d bytes, warning %v", n, warn)
	}
	if mem[page-1] != '?' {
		t.Errorf("last byte of the page is %q, want '?'", mem[page-1])
	}
	n, warn = writeMemory(tid, base+uint64(page), data)
	if n != 0 || warn != nil {
		t.Errorf("write into the inaccessible page: %d bytes, warning %v", n, warn)
	}
	n, warn = writeMemory(tid, base, data)
	if n != len(data) || warn != nil || !bytes.Equal(mem[:len(data)], data) {
		t.Errorf("whole write: %d bytes, warning %v, memory %q", n, warn, mem[:len(data)])
	}
}
