package decode

import "github.com/sctrace/sctrace/trace"

// errE2BIG is the errno after which perf_event_open's size field holds
// the size the kernel expects.
const errE2BIG = 7

// exitPerfEventOpen prints perf_event_open(2) at exit, as strace does:
// the struct perf_event_attr copied at entry (with the size the kernel
// wrote back on E2BIG, copied at exit), pid, cpu, group_fd and flags.
func exitPerfEventOpen(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	var entry, exit []byte
	if cp, ok := capOK(ev, 0); ok {
		n := min(int(cp.Aux), len(cp.Data))
		entry, exit = cp.Data[:n], cp.Data[n:]
	}
	var newSize []byte
	if ev.IsError() && ev.Ret == -errE2BIG {
		newSize = []byte{}
		if len(exit) >= 8 {
			newSize = exit[4:8]
		}
	}
	b = d.appendPerfAttr(b, ev.Args[0], entry, newSize)
	b = d.sep(b)
	b = appendInt(b, int64(int32(ev.Args[1])))
	b = d.sep(b)
	b = appendInt(b, int64(int32(ev.Args[2])))
	b = d.sep(b)
	b = d.appendFD(b, ev, uint64(int64(int32(ev.Args[3]))))
	b = d.sep(b)
	return d.flags(b, perfOpenFlags, ev.Args[4])
}
