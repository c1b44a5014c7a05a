package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// exitEpollWait prints the events epoll_wait and epoll_pwait returned,
// then the remaining arguments.
func exitEpollWait(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[1]
	cp, ok := capOK(ev, 1)
	size := sizeOf(ev, syscalls.LayoutEpollEvent)
	// As strace's print_array of the events returned: NULL, [] before
	// any read (also under -e verbose=none), the address when the first
	// cannot be read, "... /* ADDR */" where the others stop.
	switch {
	case failed(ev) || addr == 0:
		b = appendPtr(b, addr)
	case ev.Ret == 0:
		b = append(b, "[]"...)
	case !ok || len(cp.Data) < size:
		b = appendPtr(b, addr)
	default:
		b = append(b, '[')
		for k := 0; k < int(ev.Ret); k++ {
			if k > 0 {
				b = append(b, ", "...)
			}
			off := k * size
			if off+size > len(cp.Data) {
				b = append(b, "... /* "...)
				b = appendHex(b, addr+uint64(off))
				b = append(b, " */"...)
				break
			}
			if !d.opts.Verbose && k >= d.opts.StringLimit {
				b = append(b, "..."...)
				break
			}
			b = printEpollEvent(d, b, cp.Data[off:off+size], ev)
		}
		b = append(b, ']')
	}
	for i := 2; i < len(c.args); i++ {
		b = d.sep(b)
		if failed(ev) && c.sig.Args[i].Type == syscalls.StructIn {
			// The timeout and the signal mask are read at exit,
			// as strace does: a failed call shows their addresses.
			b = appendPtr(b, ev.Args[i])
			continue
		}
		b = c.args[i](d, b, ev, i)
	}
	return b
}

// enterEpollCtl prints epoll_ctl; EPOLL_CTL_DEL's event is not read.
func enterEpollCtl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	op := uint64(uint32(ev.Args[1]))
	b = d.enum(b, epollCtlOps, op)
	b = d.sep(b)
	b = d.appendFD(b, ev, ev.Args[2])
	b = d.sep(b)
	if op == 2 { // EPOLL_CTL_DEL
		return appendPtr(b, ev.Args[3])
	}
	return c.args[3](d, b, ev, 3)
}
