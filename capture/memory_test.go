package capture

import (
	"encoding/binary"
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// twoPages maps two pages, the second one inaccessible, and returns the
// first page. process_vm_readv may read our own memory without privileges.
func twoPages(t *testing.T) []byte {
	t.Helper()
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	if err := unix.Mprotect(mem[ps:], unix.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	return mem[:ps]
}

func addrOf(b []byte) uint64 { return uint64(uintptr(unsafe.Pointer(&b[0]))) }

func TestReadCStringPageEnd(t *testing.T) {
	page := twoPages(t)
	m := Process{TID: unix.Getpid()}

	// A string that ends just before an unreadable page is read whole,
	// although max asks for more than the page holds.
	s := page[len(page)-4:]
	copy(s, "abc\x00")
	data, trunc, fault := m.ReadCString(addrOf(s), 100, nil)
	if string(data) != "abc" || trunc || fault.Faulted {
		t.Errorf("at page end: %q truncated %v faulted %v", data, trunc, fault)
	}

	// Running into the unreadable page before a NUL is a fault, after
	// the 4 bytes of the page were read of the 101 asked for.
	copy(s, "abcd")
	if data, _, fault := m.ReadCString(addrOf(s), 100, nil); fault != (StringFault{true, 4, 101}) || !fault.Short() || data != nil {
		t.Errorf("unterminated at page end: %q fault %+v", data, fault)
	}
	c := stringCapture(m.ReadCString(addrOf(s), 100, nil))
	if before, want, ok := ShortRead(&c); !ok || before != 4 || want != 101 {
		t.Errorf("ShortRead of the capture: %d, %d, %v", before, want, ok)
	}

	// The limit: a string of exactly max bytes is whole, a longer one is
	// truncated to max bytes.
	copy(page, "hello world\x00")
	for _, tc := range []struct {
		max   int
		want  string
		trunc bool
	}{{11, "hello world", false}, {20, "hello world", false}, {5, "hello", true}, {0, "", true}} {
		data, trunc, fault := m.ReadCString(addrOf(page), tc.max, nil)
		if string(data) != tc.want || trunc != tc.trunc || fault.Faulted {
			t.Errorf("max %d: %q truncated %v faulted %v, want %q truncated %v", tc.max, data, trunc, fault, tc.want, tc.trunc)
		}
	}

	// An unmapped address.
	if _, _, fault := m.ReadCString(8, 10, nil); !fault.Faulted || fault.Short() {
		t.Errorf("address 8: %+v, want a fault with nothing read", fault)
	}
}

func TestReadPointers(t *testing.T) {
	page := twoPages(t)
	m := Process{TID: unix.Getpid()}
	// Three pointers and the NULL, ending at the page end.
	arr := page[len(page)-32:]
	for i, p := range []uint64{0x1000, 0x2000, 0x3000, 0} {
		binary.LittleEndian.PutUint64(arr[8*i:], p)
	}
	ptrs, count, fault := m.ReadPointers(addrOf(arr), 2, 100)
	if fault || count != 3 || len(ptrs) != 2 || ptrs[0] != 0x1000 || ptrs[1] != 0x2000 {
		t.Errorf("ptrs %x count %d fault %v", ptrs, count, fault)
	}
	// Without the NULL the array runs into the unreadable page.
	binary.LittleEndian.PutUint64(arr[24:], 0x4000)
	if _, count, fault := m.ReadPointers(addrOf(arr), 10, 100); !fault || count != 4 {
		t.Errorf("unterminated: count %d fault %v", count, fault)
	}
}

// TestCachedProcess: a cached Process reads objects through the pages it
// keeps, until Forget; an object running into an unreadable page fails,
// and a string ending before it is read whole.
func TestCachedProcess(t *testing.T) {
	page := twoPages(t)
	m := Process{TID: unix.Getpid(), Cached: true}
	copy(page[100:], "abc")
	buf := make([]byte, 3)
	if err := m.Read(addrOf(page)+100, buf); err != nil || string(buf) != "abc" {
		t.Fatalf("first read: %q, %v", buf, err)
	}
	page[100] = 'x'
	if err := m.Read(addrOf(page)+100, buf); err != nil || string(buf) != "abc" {
		t.Errorf("read from the kept page: %q, %v; want the page as first read", buf, err)
	}
	m.Forget()
	if err := m.Read(addrOf(page)+100, buf); err != nil || string(buf) != "xbc" {
		t.Errorf("after Forget: %q, %v", buf, err)
	}
	if err := m.Read(addrOf(page)+uint64(len(page))-2, buf); err == nil {
		t.Errorf("an object running into an unreadable page was read: %q", buf)
	}
	copy(page[len(page)-4:], "abc\x00")
	m.Forget()
	if data, trunc, fault := m.ReadCString(addrOf(page)+uint64(len(page))-4, 100, nil); string(data) != "abc" || trunc || fault.Faulted {
		t.Errorf("string at the page's end: %q truncated %v faulted %v", data, trunc, fault)
	}
}
