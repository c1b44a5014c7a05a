package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// benchEvents is the mix of lines a typical program prints: a dynamic
// loader's start-up and a file read (openat with a path, read with a
// buffer, fstat's struct, mmap, close, write, and a failed openat).
func benchEvents(tb testing.TB) []*trace.Event {
	nr := func(name string) int32 {
		n, ok := syscalls.X86_64.Lookup(name)
		if !ok {
			tb.Fatalf("no syscall %s", name)
		}
		return int32(n)
	}
	exit := func(name string, ret int64, args ...uint64) *trace.Event {
		ev := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: nr(name), Ret: ret}
		copy(ev.Args[:], args)
		return ev
	}

	open := exit("openat", 3, 0xffffff9c, 0x7f3a1c2d4000, 0x80000)
	open.Captures[1].Data = []byte("/lib/x86_64-linux-gnu/libc.so.6")
	enoent := exit("openat", -2, 0xffffff9c, 0x7f3a1c2d5000, 0x80000)
	enoent.Captures[1].Data = []byte("/usr/lib/locale/locale-archive")
	read := exit("read", 832, 3, 0x7ffd8a1c1000, 832)
	read.Captures[1].Data = []byte("\x7fELF\x02\x01\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00P\x9f\x02\x00\x00\x00\x00\x00@\x00")
	stat := make([]byte, 144)
	binary.LittleEndian.PutUint32(stat[24:], 0o100755) // st_mode
	binary.LittleEndian.PutUint64(stat[48:], 2220400)  // st_size
	fstat := exit("fstat", 0, 3, 0x7ffd8a1c2000)
	fstat.Captures[1].Data = stat
	mmap := exit("mmap", 0x7f3a1c000000, 0, 2264656, 1, 0x802, 3, 0)
	closeEv := exit("close", 0, 3)
	write := exit("write", 12, 1, 0x55d0c1e2a000, 12)
	write.Captures[1].Data = []byte("hello world\n")
	return []*trace.Event{open, read, fstat, mmap, closeEv, write, enoent}
}

// BenchmarkDecodeLine formats whole lines (entry part, exit part and
// result) cycling through benchEvents' mix, and reports lines per second.
func BenchmarkDecodeLine(b *testing.B) {
	evs := benchEvents(b)
	d := New(Options{StringLimit: DefaultStringLimit})
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ev := evs[i%len(evs)]
		buf = d.AppendEnter(buf[:0], ev)
		buf = d.AppendExit(buf, ev)
		buf = append(buf, ' ')
		buf = d.AppendReturn(buf, ev)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
