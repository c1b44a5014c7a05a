package printer

import (
	"io"
	"testing"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// BenchmarkJSONSyscall writes syscall records for a mix of calls (an
// openat with a path, a read with its data, an mmap, a failed openat) and
// reports records per second.
func BenchmarkJSONSyscall(b *testing.B) {
	var e events
	nr := func(name string) int {
		n, ok := syscalls.X86_64.Lookup(name)
		if !ok {
			b.Fatalf("no syscall %s", name)
		}
		return n
	}
	open := e.enter(10, nr("openat"), 1, 0xffffff9c, 0x7f3a1c2d4000, 0x80000)
	open.Captures[1].Data = []byte("/lib/x86_64-linux-gnu/libc.so.6")
	read := e.enter(10, nr("read"), 3, 3, 0x7ffd8a1c1000, 832)
	mmap := e.enter(10, nr("mmap"), 5, 0, 2264656, 1, 0x802, 3, 0)
	enoent := e.enter(10, nr("openat"), 7, 0xffffff9c, 0x7f3a1c2d5000, 0x80000)
	enoent.Captures[1].Data = []byte("/usr/lib/locale/locale-archive")
	readExit := e.exit(read, 4, 832)
	readExit.Captures[1].Data = []byte("\x7fELF\x02\x01\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00P\x9f\x02\x00\x00\x00\x00\x00@\x00")
	calls := [][2]*trace.Event{
		{open, e.exit(open, 2, 3)}, {read, readExit}, {mmap, e.exit(mmap, 6, 0x7f3a1c000000)}, {enoent, e.exit(enoent, 8, -2)},
	}
	p, err := NewJSON(decode.New(decode.Options{StringLimit: decode.DefaultStringLimit}), Options{Stderr: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := calls[i%len(calls)]
		p.Handle(c[0])
		p.Handle(c[1])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
