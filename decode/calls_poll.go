package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func enterPoll(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := uint64(uint32(ev.Args[1]))
	b = d.appendArray(b, ev, 0, syscalls.LayoutPollfd, printPollfd, n)
	b = d.sep(b)
	b = appendUint(b, n)
	b = d.sep(b)
	return appendInt(b, int64(int32(ev.Args[2])))
}

// exitNothing is the exit part of calls printed whole at entry.
func exitNothing(d *Decoder, c *call, b []byte, ev *trace.Event) []byte { return b }

// enterPpoll prints ppoll's descriptors, timeout, signal mask and its size.
func enterPpoll(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := uint64(uint32(ev.Args[1]))
	b = d.appendArray(b, ev, 0, syscalls.LayoutPollfd, printPollfd, n)
	b = d.sep(b)
	b = appendUint(b, n)
	b = d.sep(b)
	b = appendTimespecArg(b, ev, 2)
	b = d.sep(b)
	if ev.Args[3] == 0 {
		b = append(b, "NULL"...)
	} else if cp, ok := capOK(ev, 3); ok && len(cp.Data) >= 8 && ev.Args[4] == 8 {
		b = appendSigset(b, cp.Data[:8])
	} else {
		b = appendPtr(b, ev.Args[3])
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[4])
}

// appendTimespecArg prints a timespec pointer argument from its capture.
func appendTimespecArg(b []byte, ev *trace.Event, i int) []byte {
	if ev.Args[i] == 0 {
		return append(b, "NULL"...)
	}
	if cp, ok := capOK(ev, i); ok && len(cp.Data) >= 16 {
		return appendTimespec(b, cp.Data)
	}
	return appendPtr(b, ev.Args[i])
}

// retPoll prints poll's result with the ready descriptors, or "Timeout";
// ppoll adds the time left.
func retPoll(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	cp, ok := capOK(ev, 0)
	n := int(uint32(ev.Args[1]))
	left := len(c.args) == 5 && ev.Args[2] != 0
	if !ok || ev.Args[0] == 0 || n == 0 {
		if left {
			b = append(b, " (left "...)
			b = appendTimespecArg(b, ev, 2)
			return append(b, ')')
		}
		return b
	}
	start := len(b)
	b = append(b, " (["...)
	printed := 0
	any := false
	for k := 0; k < n; k++ {
		off := k * 8
		if off+8 > len(cp.Data) {
			if any {
				b = append(b, ", "...)
			}
			b = appendHex(b, ev.Args[0]+uint64(off))
			any = true
			break
		}
		rev := le16(cp.Data, off+6)
		if rev == 0 {
			continue
		}
		if any {
			b = append(b, ", "...)
		}
		any = true
		if !d.opts.Verbose && printed >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		b = append(b, "{fd="...)
		b = appendInt(b, int64(int32(le32(cp.Data, off))))
		b = append(b, ", revents="...)
		b, _ = appendFlagsOnly(b, pollFlags, uint64(rev))
		b = append(b, '}')
		printed++
	}
	if !any {
		b = b[:start]
		if left {
			b = append(b, " (left "...)
			b = appendTimespecArg(b, ev, 2)
			return append(b, ')')
		}
		return b
	}
	b = append(b, ']')
	if left {
		b = append(b, ", left "...)
		b = appendTimespecArg(b, ev, 2)
	}
	return append(b, ')')
}
