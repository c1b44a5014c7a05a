package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

func TestAppendHexDump(t *testing.T) {
	got := string(AppendHexDump(nil, []byte("hello world, this is a longer line\n")))
	// strace -e read=3 cat FILE, for that FILE's contents.
	want := " | 00000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  hello world, thi |\n" +
		" | 00010  73 20 69 73 20 61 20 6c  6f 6e 67 65 72 20 6c 69  s is a longer li |\n" +
		" | 00020  6e 65 0a                                          ne.              |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if n := len(AppendHexDump(nil, make([]byte, 1<<20+1))); n == 0 {
		t.Errorf("no dump of a large buffer")
	}
	big := string(AppendHexDump(nil, make([]byte, 1<<20+17)))
	last := big[strings.LastIndex(big, "\n | ")+1:]
	if want := " | 100010  00 "; !strings.HasPrefix(last, want) {
		t.Errorf("offset width of a large dump: %q", last)
	}
}

func TestAppendDumps(t *testing.T) {
	set := trace.NewFDSet(false)
	set.Add(3)
	d := New(Options{StringLimit: DefaultStringLimit, DumpRead: set, DumpWrite: set})
	read := sc(t, "read", 3, 3, 0x1000, 100).str(1, "vm\n").get()
	if got, want := string(d.AppendDumps(nil, read)), " | 00000  76 6d 0a                                          vm.              |\n"; got != want {
		t.Errorf("read: got %q want %q", got, want)
	}
	other := sc(t, "read", 3, 4, 0x1000, 100).str(1, "vm\n").get()
	if got := d.AppendDumps(nil, other); len(got) != 0 {
		t.Errorf("fd 4 dumped: %q", got)
	}
	failed := sc(t, "read", -11, 3, 0x1000, 100).get()
	if got := d.AppendDumps(nil, failed); len(got) != 0 {
		t.Errorf("failed read dumped: %q", got)
	}
	iov := le{}.u64(0x1000).u64(2).u64(0x2000).u64(8)
	writev := sc(t, "writev", 5, 3, 0x3000, 2).data(1, iov).get()
	writev.Captures[1].Elems = []trace.Capture{{Data: []byte("ab")}, {Data: []byte("cdefghij")}}
	want := " * 2 bytes in buffer 0\n" +
		" | 00000  61 62                                             ab               |\n" +
		" * 8 bytes in buffer 1\n" +
		" | 00000  63 64 65 66 67 68 69 6a                           cdefghij         |\n"
	if got := string(d.AppendDumps(nil, writev)); got != want {
		t.Errorf("writev: got\n%s\nwant\n%s", got, want)
	}
	// A buffer read in pieces up to one it could not read (1 byte):
	// what was read, then strace's note.
	cut := sc(t, "write", 17, 3, 0x1000, 17).str(1, "0123456789abcdef").get()
	cut.TID = 42
	cut.Captures[1].Truncated, cut.Captures[1].Aux = true, 1
	want = " | 00000  30 31 32 33 34 35 36 37  38 39 61 62 63 64 65 66  0123456789abcdef |\n" +
		" | <Cannot fetch 1 byte from pid 42 @0x1010>\n"
	if got := string(d.AppendDumps(nil, cut)); got != want {
		t.Errorf("cut write: got\n%s\nwant\n%s", got, want)
	}
}

func TestRawArgs(t *testing.T) {
	raw := trace.NewSyscallSet(false)
	ev := sc(t, "read", 35, 3, 0x7f33f1c69000, 0x20000).get()
	raw.Add(int(ev.NR))
	d := New(Options{StringLimit: DefaultStringLimit, Raw: raw})
	// strace -e raw=read prints this line for such a call.
	if got, want := whole(d, ev), "read(0x3, 0x7f33f1c69000, 0x20000) = 0x23"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
}

// BenchmarkAppendHexDump dumps 4 KiB, as -e write= dumps a large buffer.
func BenchmarkAppendHexDump(b *testing.B) {
	data := []byte(strings.Repeat("0123456789abcdef\x00\x01\x02\n", 205))[:4096]
	buf := make([]byte, 0, 32<<10)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		buf = AppendHexDump(buf[:0], data)
	}
}
