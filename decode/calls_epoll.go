package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// exitEpollWait prints the events epoll_wait and epoll_pwait returned,
// then the remaining arguments.
func exitEpollWait(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	// The events returned, as strace's print_array of them.
	if failed(ev) {
		b = appendPtr(b, ev.Args[1])
	} else {
		b = d.appendArray(b, ev, 1, syscalls.LayoutEpollEvent, printEpollEvent, uint64(ev.Ret))
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
