package syscalls

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestFdSetBytes: a set's bytes are whole longs, of FdSetMax descriptors
// at most, and select's and pselect6's sets are copied so (LenFdSet).
func TestFdSetBytes(t *testing.T) {
	for nfds, want := range map[int]uint32{-1: 0, 0: 0, 1: 8, 64: 8, 65: 16, 1024: 128, 1025: 136, 2000: 256, FdSetMax: FdSetMax / 8, 1 << 30: FdSetMax / 8} {
		if got := FdSetBytes(nfds); got != want {
			t.Errorf("FdSetBytes(%d) = %d, want %d", nfds, got, want)
		}
	}
	for _, nr := range []int{unix.SYS_SELECT, unix.SYS_PSELECT6} {
		sc := X86_64.Get(nr)
		for i := 1; i <= 3; i++ {
			if p := sc.Plan[i]; p.Kind != CaptureBytes || p.Len != LenFdSet || p.LenArg != 0 || p.Size != FdSetBytes(FdSetMax) || p.When != AtEntry|AtExit {
				t.Errorf("%s argument %d: plan %+v", sc.Name, i, p)
			}
		}
	}
}

// TestFdSetView: a set read whole shows its nfds descriptors; one of more
// than FdSetHeadBits of which only those were read shows those.
func TestFdSetView(t *testing.T) {
	data := make([]byte, 256)
	for _, c := range []struct {
		nfds, have, bits int
		ok               bool
	}{
		{0, 256, 0, false},
		{1, 8, 1, true},
		{1, 0, 0, false},
		{2000, 256, 2000, true},
		{2000, 128, FdSetHeadBits, true},
		{2000, 127, 0, false},
		{1024, 120, 0, false},
		{1 << 30, 128, FdSetHeadBits, true},
	} {
		set, bits, ok := FdSetView(data[:c.have], c.nfds)
		if ok != c.ok || bits != c.bits || (ok && len(set) != int(FdSetBytes(bits))) {
			t.Errorf("FdSetView(%d bytes, %d) = %d bytes, %d, %v; want %d, %v", c.have, c.nfds, len(set), bits, ok, c.bits, c.ok)
		}
	}
}
