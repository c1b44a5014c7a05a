package pathtrace

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// fdTable is an FDPather answering from a map.
type fdTable map[int32]string

func (f fdTable) FDPath(_, fd int32) (string, bool, bool) {
	p, ok := f[fd]
	return p, false, ok
}

// TestSelectSets: select matches a set read whole that holds the path's
// descriptor, not a set cut short by a fault (strace's umoven of the
// whole set fails, and it leaves the set out).
func TestSelectSets(t *testing.T) {
	nr, ok := syscalls.X86_64.Lookup("select")
	if !ok {
		t.Fatal("no select")
	}
	s := New(fdTable{9: "/dev/full"})
	s.Add("/dev/full")
	withFD9 := make([]byte, 16) // nfds 65: two longs
	withFD9[1] = 1 << 1
	for _, c := range []struct {
		name string
		set  trace.Capture
		want bool
	}{
		{"whole", trace.Capture{Data: withFD9}, true},
		{"cut at a page's end", trace.Capture{Data: withFD9[:8], Truncated: true}, false},
		{"faulted", trace.Capture{Faulted: true}, false},
	} {
		ev := &trace.Event{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, NR: int32(nr), Args: [trace.MaxArgs]uint64{65, 0x1000}}
		ev.Captures[1] = c.set
		if got := s.match(ev); got != c.want {
			t.Errorf("%s: match %v, want %v", c.name, got, c.want)
		}
	}
}
