package decode

import (
	"slices"
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// AppendDumps appends the hex dumps -e read= and -e write= ask for after a
// call's line, as strace's dumpio: " | 00000  76 6d 0a ...  vm.  |" lines,
// with " * N bytes in buffer K" before each buffer of an iovec. It appends
// nothing for other calls. The data comes from the capture of the call's
// second argument, which a backend takes whole for dumped calls
// (syscalls.Dumped).
func (d *Decoder) AppendDumps(b []byte, ev *trace.Event) []byte {
	if d.opts.DumpRead == nil && d.opts.DumpWrite == nil || ev.Kind != trace.SyscallExit || ev.NoReturn {
		return b
	}
	fd := int(int32(ev.Args[0]))
	if fd < 0 {
		return b
	}
	sc := table(ev).Get(int(ev.NR))
	c := &ev.Captures[1]
	data := syscalls.Arg{Type: syscalls.Hex}
	if len(sc.Sig.Args) > 1 {
		data = sc.Sig.Args[1]
	}
	if data.Type == syscalls.MmsgvecIn || data.Type == syscalls.MmsgvecOut {
		return d.appendMmsgDumps(b, ev, c, sc.Effects, fd)
	}
	switch {
	case sc.Effects&syscalls.DumpsWrite != 0:
		if !d.opts.DumpWrite.Has(fd) {
			return b
		}
		return appendArgDump(b, ev, c, data, ev.Args[2], ^uint64(0))
	case sc.Effects&syscalls.DumpsRead != 0:
		if !d.opts.DumpRead.Has(fd) || ev.IsError() {
			return b
		}
		return appendArgDump(b, ev, c, data, ev.Args[2], uint64(ev.Ret))
	}
	return b
}

// appendArgDump dumps the capture c of a dumped call's data argument arg:
// a buffer the call reads (count bytes) or fills (limit bytes, the
// result, as strace's dumpstr of u_rval: a recv with MSG_TRUNC returns
// more than its buffer holds), an iovec array (count elements, limit
// bytes in all) or a msghdr (limit bytes).
func appendArgDump(b []byte, ev *trace.Event, c *trace.Capture, arg syscalls.Arg, count, limit uint64) []byte {
	switch arg.Type {
	case syscalls.InIovec, syscalls.OutIovec:
		return appendIovecDump(b, c, int(int32(count)), limit)
	case syscalls.MsghdrIn, syscalls.MsghdrOut:
		return appendMsghdrDump(b, c, limit)
	case syscalls.InBuf:
		return appendBufDump(b, ev, c, min(count, limit))
	case syscalls.OutBuf:
		return appendBufDump(b, ev, c, limit)
	}
	return b
}

// appendBufDump dumps n bytes of a dumped call's buffer (argument 1). A
// buffer read in pieces that stopped at one it could not read
// (capture.DumpChunk) shows, as strace's dumpstr, the pieces before it
// and then "<Cannot fetch N bytes from pid P @ADDR>".
func appendBufDump(b []byte, ev *trace.Event, c *trace.Capture, n uint64) []byte {
	have := uint64(len(c.Data))
	if c.Faulted || have == 0 || have >= n || c.Aux == 0 {
		return appendDumpCapture(b, c, n)
	}
	b = appendHexDumpOf(b, c.Data, n)
	b = append(b, " | <Cannot fetch "...)
	b = strconv.AppendUint(b, c.Aux, 10)
	if c.Aux == 1 {
		b = append(b, " byte"...)
	} else {
		b = append(b, " bytes"...)
	}
	b = append(b, " from pid "...)
	b = strconv.AppendInt(b, int64(ev.TID), 10)
	b = append(b, " @"...)
	b = appendHex(b, ev.Args[1]+have)
	return append(b, ">\n"...)
}

// appendDumpCapture dumps n bytes of a byte capture; nothing when the
// capture is missing or short (strace prints nothing when it cannot read).
func appendDumpCapture(b []byte, c *trace.Capture, n uint64) []byte {
	if c.Faulted || c.Data == nil || uint64(len(c.Data)) < n {
		return b
	}
	return AppendHexDump(b, c.Data[:n])
}

// appendIovecDump dumps the buffers of an iovec capture of cnt elements,
// at most size bytes in all, as strace's dumpiov_upto.
func appendIovecDump(b []byte, c *trace.Capture, cnt int, size uint64) []byte {
	if c.Faulted || cnt <= 0 || len(c.Data) < cnt*16 {
		return b
	}
	for k := 0; k < cnt; k++ {
		ln := le64(c.Data, k*16+8)
		ln = min(ln, size)
		if ln == 0 {
			break
		}
		size -= ln
		b = append(b, " * "...)
		b = strconv.AppendUint(b, ln, 10)
		b = append(b, " bytes in buffer "...)
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, '\n')
		if k < len(c.Elems) {
			b = appendDumpCapture(b, &c.Elems[k], ln)
		}
	}
	return b
}

// appendMsghdrDump dumps the iovec buffers of a msghdr capture.
func appendMsghdrDump(b []byte, c *trace.Capture, size uint64) []byte {
	if c.Faulted || len(c.Data) < syscalls.MsghdrSize || len(c.Elems) <= syscalls.MsgIov {
		return b
	}
	return appendIovecDump(b, &c.Elems[syscalls.MsgIov], int(le64(c.Data, 24)), size)
}

// appendMmsgDumps dumps the messages a successful sendmmsg sent or
// recvmmsg received on a dumped descriptor, as strace's
// dumpiov_in_mmsghdr: " = N buffers in vector K", then the iovec buffers
// of message K up to its msg_len.
func (d *Decoder) appendMmsgDumps(b []byte, ev *trace.Event, c *trace.Capture, eff syscalls.Effect, fd int) []byte {
	set := d.opts.DumpRead
	if eff&syscalls.DumpsWrite != 0 {
		set = d.opts.DumpWrite
	}
	if set == nil || !set.Has(fd) || ev.IsError() || c.Faulted {
		return b
	}
	n := min(uint64(ev.Ret), uint64(len(c.Data)/syscalls.MmsghdrSize), uint64(len(c.Elems)))
	for k := 0; k < int(n); k++ {
		raw := c.Data[k*syscalls.MmsghdrSize:]
		iovlen := le64(raw, 24)
		b = append(b, " = "...)
		b = strconv.AppendUint(b, iovlen, 10)
		b = append(b, " buffers in vector "...)
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, '\n')
		if e := c.Elems[k].Elems; len(e) > syscalls.MsgIov {
			b = appendIovecDump(b, &e[syscalls.MsgIov], int(min(iovlen, 1<<31-1)), uint64(le32(raw, syscalls.MmsgLenOff)))
		}
	}
	return b
}

// AppendHexDump appends data as strace's dumpstr: 16 bytes a line, the
// offset in hex (5 digits, more for data over 1 MiB), the bytes in two
// groups of 8, and their printable characters.
func AppendHexDump(b []byte, data []byte) []byte {
	return appendHexDumpOf(b, data, uint64(len(data)))
}

// appendHexDumpOf is AppendHexDump for the first part, data, of a buffer
// of total bytes, whose size sets the offsets' width (every offset fits
// in it).
func appendHexDumpOf(b []byte, data []byte, total uint64) []byte {
	width := 5
	if n := total; n > 1<<20 {
		width = 1
		for v := uint64(n-1) >> 4; v != 0; v >>= 4 {
			width++
		}
	}
	for off := 0; off < len(data); off += 16 {
		// " | ", the offset, two spaces, 16 bytes in hex in two groups,
		// their characters, " |\n".
		n := len(b)
		b = slices.Grow(b, 74+width)[:n+74+width]
		l := b[n:]
		copy(l, " | ")
		for k, v := 2+width, uint64(off); k > 2; k, v = k-1, v>>4 {
			l[k] = hexDigits[v&15]
		}
		p := 3 + width
		l[p], l[p+1] = ' ', ' '
		p += 2
		line := data[off:min(off+16, len(data))]
		for k := range 16 {
			if k < len(line) {
				l[p], l[p+1], l[p+2] = hexDigits[line[k]>>4], hexDigits[line[k]&15], ' '
			} else {
				l[p], l[p+1], l[p+2] = ' ', ' ', ' '
			}
			p += 3
			if k == 7 || k == 15 {
				l[p] = ' '
				p++
			}
		}
		for k := range 16 {
			switch {
			case k >= len(line):
				l[p] = ' '
			case line[k] >= ' ' && line[k] < 0x7f:
				l[p] = line[k]
			default:
				l[p] = '.'
			}
			p++
		}
		copy(l[p:], " |\n")
	}
	return b
}
