package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// vma is one mapping of /proc/self/smaps: its range and whether it asks
// for huge pages.
type vma struct {
	start, end uintptr
	huge       bool
}

func mappings(t *testing.T) []vma {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vma
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var start, end uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &start, &end); n == 2 && strings.Contains(line, "-") {
			out = append(out, vma{start: start, end: end})
			continue
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && len(out) > 0 {
			out[len(out)-1].huge = strings.Contains(" "+flags+" ", " hg ")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func hugeAt(t *testing.T, addr uintptr) bool {
	for _, m := range mappings(t) {
		if m.start <= addr && addr < m.end {
			return m.huge
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return false
}

// TestReserve: where the kernel gives huge pages on request, the heap's
// next large allocation lies in memory that asks for them; elsewhere
// Reserve asks for none.
func TestReserve(t *testing.T) {
	huge := 0
	for _, m := range mappings(t) {
		if m.huge {
			huge++
		}
	}
	Reserve()
	Reserve()
	next := make([]byte, Size/2)
	mid := uintptr(unsafe.Pointer(unsafe.SliceData(next))) + Size/4
	if advisedOnly() {
		if !hugeAt(t, mid) {
			t.Fatalf("after Reserve, an allocation of %d bytes at %#x is not in huge-page memory", len(next), mid)
		}
		return
	}
	after := 0
	for _, m := range mappings(t) {
		if m.huge {
			after++
		}
	}
	if after != huge {
		t.Fatalf("transparent huge pages not on request only (%s): Reserve asked for some (%d mappings ask, %d before)", modeFile, after, huge)
	}
}

// TestFirstChunk: where the kernel gives huge pages on request, the heap
// chunk the process started with asks for them from the package's
// initialization on; elsewhere it asks for none.
func TestFirstChunk(t *testing.T) {
	addr := uintptr(unsafe.Pointer(first))
	start := addr &^ (chunk - 1)
	for _, at := range []uintptr{start, addr, start + chunk - 1} {
		if got := hugeAt(t, at); got != advisedOnly() {
			t.Errorf("heap chunk %#x: %#x asks for huge pages: %v; the kernel gives them on request only: %v", start, at, got, advisedOnly())
		}
	}
}

// sink keeps a test's allocation on the heap.
var sink []byte

// TestSkipToUntouched: where the kernel gives huge pages on request, the
// heap's allocations after the package's initialization lie in memory
// that asks for huge pages, and the blocks it keeps for that are less
// than a huge page and two probes; elsewhere it keeps none.
func TestSkipToUntouched(t *testing.T) {
	kept := 0
	for _, b := range skipped {
		kept += len(b)
	}
	if !advisedOnly() {
		if kept != 0 {
			t.Fatalf("transparent huge pages not on request only (%s): init kept %d bytes", modeFile, kept)
		}
		return
	}
	if kept == 0 || kept >= hugePage+2*64<<10 {
		t.Fatalf("init kept %d bytes in %d blocks, want some and less than %d", kept, len(skipped), hugePage+2*64<<10)
	}
	sink = make([]byte, 64<<10)
	if at := uintptr(unsafe.Pointer(unsafe.SliceData(sink))); !hugeAt(t, at) {
		t.Fatalf("an allocation after init, at %#x, is not in memory that asks for huge pages", at)
	}
}
