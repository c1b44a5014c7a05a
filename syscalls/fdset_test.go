package syscalls

import "testing"

// TestFdSetBytes: a set's bytes are whole longs, and a capture of
// LayoutFdSet holds the set of FdSetBits descriptors.
func TestFdSetBytes(t *testing.T) {
	for nfds, want := range map[int]int{-1: 0, 0: 0, 1: 8, 64: 8, 65: 16, 1024: 128, 1025: 128, 1 << 30: 128} {
		if got := FdSetBytes(nfds); got != want {
			t.Errorf("FdSetBytes(%d) = %d, want %d", nfds, got, want)
		}
	}
	if got := LayoutSize(X86_64.Arch, LayoutFdSet); got != uint32(FdSetBytes(FdSetBits)) {
		t.Errorf("LayoutFdSet is %d bytes, the set of FdSetBits %d", got, FdSetBytes(FdSetBits))
	}
}
