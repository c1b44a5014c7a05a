package decode

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// TestArrayPastCapture: an array longer than its capture prints "..."
// where the capture stopped copying (syscalls.ArrayTake, under -v
// syscalls.ArrayBytesMax), and "... /* ADDR */" where it met memory it
// could not read.
func TestArrayPastCapture(t *testing.T) {
	const n = 200000
	take := int(syscalls.ArrayTake(8, DefaultStringLimit, true))
	fds := le(nil)
	for len(fds) < take {
		fds = fds.u32(0xffffffff).u16(1).u16(0)
	}
	all := strings.Repeat("{fd=-1}, ", take/8)
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut by the capture", fds, "[" + all + "...]"},
		{"cut by unreadable memory", fds[:8*3], "[{fd=-1}, {fd=-1}, {fd=-1}, ... /* 0x1018 */]"},
	} {
		ev := sc(t, "poll", 0, 0x1000, n, 0).data(0, c.data).trunc(0)
		want := "poll(" + c.want + ", 200000, 0) = 0 (Timeout)"
		if got := whole(d, ev.get()); got != want {
			t.Errorf("%s:\n got %.200s...\nwant %.200s...", c.name, got[max(0, len(got)-200):], want[max(0, len(want)-200):])
		}
	}
	if got, want := syscalls.ArrayTake(8, 32, false), uint64(8*syscalls.MaxArrayElems); got != want {
		t.Errorf("ArrayTake(8, 32, false) = %d, want %d (MaxArrayElems elements)", got, want)
	}
	if got, want := syscalls.ArrayTake(8, 2000, false), uint64(8*2001); got != want {
		t.Errorf("ArrayTake(8, 2000, false) = %d, want %d (-s plus one elements)", got, want)
	}
	if got, want := syscalls.ArrayTake(12, 32, true), uint64(syscalls.ArrayBytesMax/12*12); got != want {
		t.Errorf("ArrayTake(12, 32, true) = %d, want %d", got, want)
	}
}

// TestMincoreVector: mincore's vector has an element per page its length
// spans, printed -s at most unless -v; one cut by unreadable memory ends
// with its address, one cut by the capture with "...".
func TestMincoreVector(t *testing.T) {
	vec := make([]byte, syscalls.ArrayTake(1, DefaultStringLimit, true))
	for k := range vec {
		vec[k] = byte(k%3) & 1
	}
	bits := func(n int) string {
		var b strings.Builder
		for k := range n {
			fmt.Fprintf(&b, "%d, ", k%3&1)
		}
		return b.String()
	}
	for _, c := range []struct {
		name    string
		verbose bool
		length  uint64
		data    []byte
		want    string
	}{
		{"a part of a page", false, 100, vec[:1], "[0]"},
		{"cut by -s", false, 40*syscalls.PageSize + 1, vec[:41], "[" + bits(32) + "...]"},
		{"whole under -v", true, 40*syscalls.PageSize + 1, vec[:41], "[" + strings.TrimSuffix(bits(41), ", ") + "]"},
		{"cut by unreadable memory", true, 40 * syscalls.PageSize, vec[:3], "[0, 1, 0, ... /* 0x1003 */]"},
		{"cut by the capture", true, 1 << 40, vec, "[" + bits(len(vec)) + "...]"},
	} {
		ev := sc(t, "mincore", 0, 0x7000, c.length, 0x1000).data(2, c.data)
		if uint64(len(c.data)) < syscalls.Pages(c.length) {
			ev = ev.trunc(2)
		}
		d := New(Options{StringLimit: DefaultStringLimit, Verbose: c.verbose})
		want := "mincore(0x7000, " + strconv.FormatUint(c.length, 10) + ", " + c.want + ") = 0"
		if got := whole(d, ev.get()); got != want {
			t.Errorf("%s:\n got ...%s\nwant ...%s", c.name, got[max(0, len(got)-100):], want[max(0, len(want)-100):])
		}
	}
}

// TestIovecPastCapture: an iovec array longer than the
// syscalls.MaxArrayElems elements its capture copies (more than the kernel
// takes) prints "..." after them.
func TestIovecPastCapture(t *testing.T) {
	ev := sc(t, "writev", -22, 1, 0x1000, 1100).data(1, make([]byte, 16*syscalls.MaxArrayElems))
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	want := "writev(1, [" + strings.Repeat("{iov_base=NULL, iov_len=0}, ", syscalls.MaxArrayElems) + "...], 1100) = -1 EINVAL (Invalid argument)"
	if got := whole(d, ev.get()); got != want {
		t.Errorf("got ...%s\nwant ...%s", got[max(0, len(got)-120):], want[max(0, len(want)-120):])
	}
}

// TestAffinityList: a CPU mask longer than what strace reads of it
// (cpusetSize) prints its first CPUs, then "...".
func TestAffinityList(t *testing.T) {
	mask := make([]byte, cpusetSize)
	mask[0], mask[cpusetSize-1] = 0x5, 0x80
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range []struct {
		n    uint64
		want string
	}{
		{cpusetSize, "[0 2 1023]"},
		{8192, "[0 2 1023 ...]"},
	} {
		ev := sc(t, "sched_setaffinity", 0, 0, c.n, 0x1000).data(2, mask)
		want := "sched_setaffinity(0, " + strconv.FormatUint(c.n, 10) + ", " + c.want + ") = 0"
		if got := whole(d, ev.get()); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}
