package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// This file prints sendmmsg and recvmmsg as strace 6.1 does. A call that
// -e verbose= leaves out prints its vector as an address, whole at entry.
// Otherwise the vector is printed at exit from a syscalls.CaptureMmsghdr
// capture, each element as
//
//	{msg_hdr={msg_name=..., ..., msg_flags=0}, msg_len=5}
//
// sendmmsg shows msg_len for the messages it sent (none when it failed),
// recvmmsg for those it received, each message's bytes up to its
// msg_len, and the msg_namelen each offered before the kernel's.

// mmsgCountMax is how many elements strace prints at most (IOV_MAX).
const mmsgCountMax = syscalls.MaxArrayElems

// enterMmsg returns the entry printer of sendmmsg, or with recv of
// recvmmsg: the descriptor, and the rest too when the call is not
// verbose.
func enterMmsg(recv bool) hookFn {
	return func(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
		b = c.args[0](d, b, ev, 0)
		b = d.sep(b)
		if d.verboseCall(ev) {
			return b
		}
		b = appendPtr(b, ev.Args[1])
		return d.appendMmsgTail(b, c, ev, recv)
	}
}

// exitSendmmsg prints sendmmsg's vector, whether or not the call failed,
// its count and flags.
func exitSendmmsg(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if !d.verboseCall(ev) {
		return b
	}
	sent := uint32(0)
	if !failed(ev) {
		sent = uint32(ev.Ret)
	}
	b = d.appendMmsgvec(b, ev, uint32(ev.Args[2]), sent, false)
	return d.appendMmsgTail(b, c, ev, false)
}

// exitRecvmmsg prints recvmmsg's received messages (the address when it
// failed), its count, flags and the timeout it was given.
func exitRecvmmsg(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if !d.verboseCall(ev) {
		return b
	}
	switch {
	case ev.Args[1] == 0:
		b = append(b, "NULL"...)
	case failed(ev):
		b = appendPtr(b, ev.Args[1])
	default:
		b = d.appendMmsgvec(b, ev, uint32(ev.Ret), uint32(ev.Ret), true)
	}
	return d.appendMmsgTail(b, c, ev, true)
}

// appendMmsgTail prints what follows the vector: the count, the flags
// and, for recvmmsg, the timeout as the caller gave it.
func (d *Decoder) appendMmsgTail(b []byte, c *call, ev *trace.Event, recv bool) []byte {
	b = d.sep(b)
	b = c.args[2](d, b, ev, 2)
	b = d.sep(b)
	b = c.args[3](d, b, ev, 3)
	if !recv {
		return b
	}
	b = d.sep(b)
	if ev.Args[4] == 0 {
		return append(b, "NULL"...)
	}
	if ts, _ := recvmmsgTimeouts(ev); len(ts) >= 16 {
		return appendTimespec(b, ts)
	}
	return appendPtr(b, ev.Args[4])
}

// recvmmsgTimeouts splits recvmmsg's timeout capture (syscalls.CInAndOut)
// into the timeout given at entry and the time left at exit.
func recvmmsgTimeouts(ev *trace.Event) (given, left []byte) {
	cp, ok := capOK(ev, 4)
	if !ok {
		return nil, nil
	}
	if !exited(ev) {
		return cp.Data, nil
	}
	k := min(int(cp.Aux), len(cp.Data))
	return cp.Data[:k], cp.Data[k:]
}

// appendMmsgvec prints the vector of argument 1, of n elements, as
// strace's print_array: the address when its first element cannot be
// read, "... /* ADDR */" where reading stopped, "..." after -s elements
// unless -v, or after mmsgCountMax. The first withLen elements show
// msg_len; recv prints recvmmsg's elements.
func (d *Decoder) appendMmsgvec(b []byte, ev *trace.Event, n, withLen uint32, recv bool) []byte {
	addr := ev.Args[1]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	if n == 0 {
		return append(b, "[]"...)
	}
	c := &ev.Captures[1]
	have := len(c.Data) / syscalls.MmsghdrSize
	if c.Faulted {
		have = 0
	}
	// The capture holds every element printed unless it ran into memory
	// that cannot be read.
	want := min(int(n), mmsgCountMax)
	if !d.opts.Verbose {
		want = min(want, d.opts.StringLimit)
	}
	if have == 0 {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	for k := 0; k < int(n); k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if k >= have && have < want {
			b = append(b, "... /* "...)
			b = appendHex(b, addr+uint64(k*syscalls.MmsghdrSize))
			b = append(b, " */"...)
			break
		}
		if k >= want {
			b = append(b, "..."...)
			break
		}
		b = d.appendMmsghdr(b, ev, c, k, k < int(withLen), recv)
	}
	return append(b, ']')
}

// appendMmsghdr prints element k of a captured vector of ev's call.
func (d *Decoder) appendMmsghdr(b []byte, ev *trace.Event, c *trace.Capture, k int, withLen, recv bool) []byte {
	raw := c.Data[k*syscalls.MmsghdrSize : (k+1)*syscalls.MmsghdrSize]
	hdr := trace.Capture{Data: raw[:syscalls.MsghdrSize]}
	var user int32
	if k < len(c.Elems) {
		hdr.Elems = c.Elems[k].Elems
		user = int32(uint32(c.Elems[k].Aux))
	}
	msgLen := uint64(le32(raw, syscalls.MmsgLenOff))
	b = append(b, "{msg_hdr="...)
	if recv {
		b = d.appendMsghdr(b, ev, &hdr, user, true, msgLen)
	} else {
		b = d.appendMsghdr(b, ev, &hdr, 0, false, ^uint64(0))
	}
	if withLen {
		b = append(b, ", msg_len="...)
		b = appendUint(b, msgLen)
	}
	return append(b, '}')
}

// retRecvmmsg prints recvmmsg's count, then "Timeout" when it is 0, or
// the time left when the timeout was read (and the call is verbose).
func retRecvmmsg(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	if !d.verboseCall(ev) || ev.Args[4] == 0 {
		return b
	}
	if _, left := recvmmsgTimeouts(ev); len(left) >= 16 {
		b = append(b, " (left "...)
		b = appendTimespec(b, left)
		return append(b, ')')
	}
	return b
}
