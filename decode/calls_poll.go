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
		b = d.appendSigsetX(b, cp.Data[:8])
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

// pollOutstr is the size of strace's buffer of poll's ready descriptors
// and time left; pollOutstrRoom what it keeps free of descriptors.
const (
	pollOutstr     = 1024
	pollOutstrRoom = 2 + 2*8 + len(", ], ...") + 1
)

// retPoll prints poll's result as strace's decode_poll_exiting: the ready
// descriptors (-s of them unless -v), then for ppoll the time left, all
// within strace's buffer (pollOutstr), or "Timeout"; nothing more under
// -e verbose=none or for an array strace does not read.
func retPoll(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if ev.Ret == 0 {
		return append(b, " (Timeout)"...)
	}
	start, n := ev.Args[0], uint64(uint32(ev.Args[1]))
	if !d.verboseCall(ev) || start == 0 || n == 0 || arrayWraps(start, n, 8) {
		return b
	}
	var data []byte
	if cp, ok := capOK(ev, 0); ok {
		data = cp.Data
	}
	copied := syscalls.ArrayTake(8, d.opts.StringLimit, d.opts.Verbose)
	out := len(b)
	b = append(b, " ("...)
	mark := len(b)
	printed := 0
	for k := uint64(0); k < n; k++ {
		off := k * 8
		if off+8 > uint64(len(data)) {
			b = appendListSep(b, mark)
			if uint64(len(data)) >= copied {
				// Past what the capture copies: not known.
				b = append(b, "..."...)
			} else {
				b = appendHex(b, start+off)
			}
			break
		}
		rev := le16(data, int(off)+6)
		if rev == 0 {
			continue
		}
		b = appendListSep(b, mark)
		if !d.opts.Verbose && printed >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		elem := len(b)
		b = append(b, "{fd="...)
		b = appendInt(b, int64(int32(le32(data, int(off)))))
		b = append(b, ", revents="...)
		fm := len(b)
		b, _ = appendFlagsOnly(b, pollFlags, uint64(rev))
		b = d.restyle(b, fm, uint64(rev), numHex)
		if len(b)-mark+1 >= pollOutstr-pollOutstrRoom {
			b = append(b[:elem], "..."...)
			break
		}
		b = append(b, '}')
		printed++
	}
	if len(b) > mark {
		b = append(b, ']')
	}
	if len(c.args) == 5 && ev.Args[2] != 0 {
		var left []byte
		left = appendTimespecArg(left, ev, 2)
		switch {
		case len(b)-mark+len(", left ")+1+len(left) >= pollOutstr:
			b = append(b, ", ..."...)
		case len(b) == mark:
			b = append(append(b, "left "...), left...)
		default:
			b = append(append(b, ", left "...), left...)
		}
	}
	if len(b) == mark {
		return b[:out]
	}
	return append(b, ')')
}

// appendListSep starts an element of strace's text of a list begun at
// mark: "[" before the first, ", " before the others.
func appendListSep(b []byte, mark int) []byte {
	if len(b) == mark {
		return append(b, '[')
	}
	return append(b, ", "...)
}
