package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func benchEvents(b *testing.B) []*trace.Event {
	read, _ := syscalls.X86_64.Lookup("read")
	openat, _ := syscalls.X86_64.Lookup("openat")
	r := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: int32(read), Ret: 832,
		Args: [6]uint64{3, 0x7ffd1000, 832}}
	r.Captures[1].Data = []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	o := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: int32(openat), Ret: 3,
		Args: [6]uint64{0xffffff9c, 0x7ffd2000, 0x80000}}
	o.Captures[1].Data = []byte("/lib/x86_64-linux-gnu/libc.so.6")
	return []*trace.Event{r, o}
}

// BenchmarkDecodeLine formats a read line and an openat line per
// iteration pair, as a whole line (enter + exit + return).
func BenchmarkDecodeLine(b *testing.B) {
	evs := benchEvents(b)
	d := New(Options{})
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ev := evs[i&1]
		buf = d.AppendEnter(buf[:0], ev)
		buf = d.AppendExit(buf, ev)
		buf = append(buf, ' ')
		buf = d.AppendReturn(buf, ev)
	}
}
