package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// appendFdSet prints the descriptors of a captured fd_set below nfds
// (its address when nfds is negative, as strace prints it).
func (d *Decoder) appendFdSet(b []byte, ev *trace.Event, i int, nfds int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	size := syscalls.FdSetBytes(nfds)
	cp, ok := capOK(ev, i)
	if !ok || nfds < 0 || len(cp.Data) < size {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	first := true
	for fd := 0; fd < nfds; fd++ {
		if cp.Data[fd/8]&(1<<uint(fd%8)) == 0 {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = d.appendFD(b, ev, uint64(fd))
	}
	return append(b, ']')
}

// isPselect tells pselect6 (timespec, sigmask argument) from select.
func isPselect(c *call) bool { return len(c.args) == 6 }

func enterSelect(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	nfds := int(int32(ev.Args[0]))
	b = appendInt(b, int64(nfds))
	nfds = min(nfds, syscalls.FdSetBits)
	for i := 1; i <= 3; i++ {
		b = d.sep(b)
		b = d.appendFdSet(b, ev, i, nfds)
	}
	b = d.sep(b)
	if ev.Args[4] == 0 {
		b = append(b, "NULL"...)
	} else if cp, ok := capOK(ev, 4); ok && len(cp.Data) >= 16 {
		if isPselect(c) {
			b = appendTimespec(b, cp.Data)
		} else {
			b = appendTimeval(b, cp.Data)
		}
	} else {
		b = appendPtr(b, ev.Args[4])
	}
	if isPselect(c) {
		b = d.sep(b)
		b = c.args[5](d, b, ev, 5)
	}
	return b
}

func exitSelect(d *Decoder, c *call, b []byte, ev *trace.Event) []byte { return b }

// retSelect prints select's result as strace: "(Timeout)", or the ready
// descriptors of each set and the time left, from the sets and timeout
// copied at exit.
func retSelect(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	nfds := int(int32(ev.Args[0]))
	nfds = max(min(nfds, syscalls.FdSetBits), 0)
	size := syscalls.FdSetBytes(nfds)
	ready := ev.Ret
	b = append(b, " ("...)
	start := len(b)
	sep := ""
	names := [3]string{"in", "out", "except"}
	for i := 0; i < 3 && ready > 0; i++ {
		cp, ok := capOK(ev, i+1)
		if ev.Args[i+1] == 0 || !ok || len(cp.Data) < size {
			continue
		}
		first := true
		for fd := 0; fd < nfds; fd++ {
			if cp.Data[fd/8]&(1<<uint(fd%8)) == 0 {
				continue
			}
			if first {
				b = append(b, sep...)
				b = append(b, names[i]...)
				b = append(b, " ["...)
				first = false
				sep = ", "
			} else {
				b = append(b, ' ')
			}
			b = appendInt(b, int64(fd))
			if ready--; ready == 0 {
				break
			}
		}
		if len(b) != start {
			b = append(b, ']')
		}
	}
	if ev.Args[4] != 0 {
		b = append(b, sep...)
		b = append(b, "left "...)
		if cp, ok := capOK(ev, 4); ok && len(cp.Data) >= 16 {
			if isPselect(c) {
				b = appendTimespec(b, cp.Data)
			} else {
				b = appendTimeval(b, cp.Data)
			}
		} else {
			b = appendPtr(b, ev.Args[4])
		}
	}
	return append(b, ')')
}
