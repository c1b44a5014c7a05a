package decode

import "github.com/sctrace/sctrace/trace"

// recvmmsg's timeout, as strace's do_recvmmsg prints it: the time given
// at entry, and the time left when the call received messages. The
// message vector is shown by its address.

// enterRecvmmsg prints recvmmsg's arguments: descriptor, vector, count,
// flags and the timeout the caller gave.
func enterRecvmmsg(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	for i := 0; i < 4; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	return appendTimespecArg(b, ev, 4)
}

// retRecvmmsg prints recvmmsg's count, then "Timeout" when it is 0, or
// the time left when the timeout was read (and the call is verbose).
func retRecvmmsg(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	if d.opts.Deref != nil && !d.opts.Deref.Has(int(ev.NR)) {
		return b // -e verbose= excludes the call: no time left
	}
	cp, ok := capOK(ev, 4)
	if ev.Args[4] == 0 || !ok || len(cp.Data) < 16 {
		return b
	}
	b = append(b, " (left "...)
	b = appendTimespec(b, cp.Data)
	return append(b, ')')
}
