package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// selectSet returns argument i's select set of nfds descriptors, as
// strace reads it, and how many descriptors it holds (syscalls.FdSetView);
// none when nfds is not positive (strace reads no set then) or the set
// could not be read.
func selectSet(ev *trace.Event, i int, nfds int) ([]byte, int, bool) {
	cp, ok := capOK(ev, i)
	if ev.Args[i] == 0 || nfds <= 0 || !ok {
		return nil, 0, false
	}
	return syscalls.FdSetView(cp.Data, nfds)
}

// nextFd returns the first descriptor of set from fd on, below nfds, or
// -1 (strace's next_set_bit).
func nextFd(set []byte, fd, nfds int) int {
	for ; fd < nfds; fd++ {
		if fd%8 == 0 && set[fd/8] == 0 {
			fd += 7
			continue
		}
		if set[fd/8]&(1<<uint(fd%8)) != 0 {
			return fd
		}
	}
	return -1
}

// appendFdSet prints the descriptors of argument i's select set below
// nfds, or its address when the set was not read (selectSet).
func (d *Decoder) appendFdSet(b []byte, ev *trace.Event, i int, nfds int) []byte {
	set, nfds, ok := selectSet(ev, i, nfds)
	if !ok {
		return appendPtr(b, ev.Args[i])
	}
	b = append(b, '[')
	first := nextFd(set, 0, nfds)
	for fd := first; fd >= 0; fd = nextFd(set, fd+1, nfds) {
		if fd != first {
			b = append(b, ' ')
		}
		b = d.appendFD(b, ev, uint64(fd))
	}
	return append(b, ']')
}

// isPselect tells pselect6 (timespec, sigmask argument) from select.
func isPselect(c *call) bool { return len(c.args) == 6 }

func enterSelect(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	nfds := int(int32(ev.Args[0]))
	b = appendInt(b, int64(nfds))
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

// selectOutstr is the size of strace's buffer of select's ready
// descriptors and time left: a descriptor is printed while fewer than
// selectOutstr less selectOutstrRoom characters are; the time left when
// it fits.
const (
	selectOutstr     = 1024
	selectOutstrRoom = len(", except [") + 1 + 4*3 + 2
)

// retSelect prints select's result as strace: "(Timeout)", or the ready
// descriptors of each set and the time left, from the sets and timeout
// copied at exit, within strace's buffer (selectOutstr).
func retSelect(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	nfds := int(int32(ev.Args[0]))
	ready := ev.Ret
	b = append(b, " ("...)
	start := len(b)
	sep := ""
	names := [3]string{"in", "out", "except"}
	for i := 0; i < 3 && ready > 0; i++ {
		set, bits, ok := selectSet(ev, i+1, nfds)
		if !ok {
			continue
		}
		first := true
		for fd := nextFd(set, 0, bits); fd >= 0; fd = nextFd(set, fd+1, bits) {
			if len(b)-start < selectOutstr-selectOutstrRoom {
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
			}
			if ready--; ready == 0 {
				break
			}
		}
		if len(b) != start {
			b = append(b, ']')
		}
	}
	if ev.Args[4] != 0 {
		var left []byte
		// strace's sprint_timeval: the address under -e verbose=none.
		if cp, ok := capOK(ev, 4); ok && len(cp.Data) >= 16 && d.verboseCall(ev) {
			if isPselect(c) {
				left = appendTimespec(left, cp.Data)
			} else {
				left = appendTimeval(left, cp.Data)
			}
		} else {
			left = appendPtr(left, ev.Args[4])
		}
		if len(b)-start+len("left ")+1+len(sep)+len(left) < selectOutstr {
			b = append(b, sep...)
			b = append(b, "left "...)
			b = append(b, left...)
		}
	}
	return append(b, ')')
}
