package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The Linux native AIO calls, as strace 6.1's aio.c prints them:
// io_setup, io_destroy and io_cancel print with their signatures'
// struct printers; io_submit, io_getevents and io_pgetevents have
// decoders. io_submit's iocbs, and what a valid one's aio_buf holds,
// are captured with the array of pointers to them
// (syscalls.FprogCond.Iocbs).

var aioCmds = &xlat{vals: []xv{
	{0, "IOCB_CMD_PREAD"}, {1, "IOCB_CMD_PWRITE"}, {2, "IOCB_CMD_FSYNC"}, {3, "IOCB_CMD_FDSYNC"},
	{4, "IOCB_CMD_PREADX"}, {5, "IOCB_CMD_POLL"}, {6, "IOCB_CMD_NOOP"}, {7, "IOCB_CMD_PREADV"},
	{8, "IOCB_CMD_PWRITEV"},
}, dflt: "IOCB_CMD_???"}

// iocbFlagIoprio is IOCB_FLAG_IOPRIO: aio_reqprio is an I/O priority.
const iocbFlagIoprio = 2

// iocbFlags are the bits of a struct iocb's aio_flags.
var iocbFlags = &xlat{vals: []xv{{1, "IOCB_FLAG_RESFD"}, {2, "IOCB_FLAG_IOPRIO"}}, dflt: "IOCB_FLAG_???"}

// iocbFlagResfd is IOCB_FLAG_RESFD: aio_resfd is an eventfd.
const iocbFlagResfd = 1

// printIocbHeader prints a struct iocb's header fields, as strace's
// print_iocb_header (io_cancel's iocb).
func printIocbHeader(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '{')
	return append(d.appendIocbHeader(b, p, ev), '}')
}

// appendIocbHeader appends the header fields of struct iocb p.
func (d *Decoder) appendIocbHeader(b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "aio_data="...)
	b = appendHex(b, le64(p, 0))
	if key := le32(p, 8); key != 0 {
		b = append(b, ", aio_key="...)
		b = appendUint(b, uint64(key))
	}
	if rw := le32(p, 12); rw != 0 {
		b = append(b, ", aio_rw_flags="...)
		b = d.flags(b, rwfFlags, uint64(rw))
	}
	b = append(b, ", aio_lio_opcode="...)
	mark, op := len(b), uint64(le16(p, 16))
	if s, ok := aioCmds.lookup(op); ok {
		b = append(b, s...)
	} else {
		b = appendUint(b, op)
		b = appendComment(b, aioCmds.dflt)
	}
	b = d.restyle(b, mark, op, numUnsigned)
	prio := le16(p, 18)
	if le32(p, 56)&iocbFlagIoprio != 0 {
		b = append(b, ", aio_reqprio="...)
		b = d.appendIoprio(b, uint32(prio))
	} else if prio != 0 {
		b = append(b, ", aio_reqprio="...)
		b = appendInt(b, int64(int16(prio)))
	}
	b = append(b, ", aio_fildes="...)
	return d.appendFD(b, ev, uint64(le32(p, 20)))
}

// appendIocb appends struct iocb p, as strace's print_iocb: the header,
// then the fields of its opcode; c is its capture, whose one Elem, if
// any, holds what aio_buf points to.
func (d *Decoder) appendIocb(b []byte, p []byte, c *trace.Capture, ev *trace.Event) []byte {
	b = append(b, '{')
	b = d.appendIocbHeader(b, p, ev)
	op := le16(p, syscalls.IocbOpcodeOff)
	buf := le64(p, syscalls.IocbBufOff)
	n := le64(p, syscalls.IocbNbytesOff)
	valid := int64(n) >= 0
	var held *trace.Capture
	if len(c.Elems) > 0 {
		held = &c.Elems[0]
	}
	switch op {
	case 0, syscalls.IocbCmdPwrite: // IOCB_CMD_PREAD, IOCB_CMD_PWRITE
		b = append(b, ", aio_buf="...)
		switch {
		case op != syscalls.IocbCmdPwrite || !valid:
			b = appendHex(b, buf)
		case buf == 0:
			b = append(b, "NULL"...)
		case held == nil || held.Faulted || held.Data == nil:
			b = appendPtr(b, buf)
		default:
			b = d.appendBuf(b, held.Data, n, false)
		}
		b = append(b, ", aio_nbytes="...)
		b = appendUint(b, n)
	case syscalls.IocbCmdPreadv, syscalls.IocbCmdPwritev:
		b = append(b, ", aio_buf="...)
		if valid {
			iov := trace.Capture{}
			if held != nil {
				iov = *held
			}
			b = d.appendIovecCapture(b, buf, &iov, n, ^uint64(0))
		} else {
			b = appendHex(b, buf)
			b = append(b, ", aio_nbytes="...)
			b = appendUint(b, n)
		}
	case 5: // IOCB_CMD_POLL
		b = append(b, ", aio_buf="...)
		b = d.flags(b, pollFlags, buf)
		return append(d.appendIocbFlags(b, p, ev), '}')
	default:
		return append(b, '}')
	}
	b = append(b, ", aio_offset="...)
	b = appendInt(b, int64(le64(p, 40)))
	return append(d.appendIocbFlags(b, p, ev), '}')
}

// appendIocbFlags appends a struct iocb's aio_flags and aio_resfd, as
// strace's print_common_flags.
func (d *Decoder) appendIocbFlags(b []byte, p []byte, ev *trace.Event) []byte {
	flags, resfd := le32(p, 56), le32(p, 60)
	if flags != 0 {
		b = append(b, ", aio_flags="...)
		b = d.flags(b, iocbFlags, uint64(flags))
	}
	switch {
	case flags&iocbFlagResfd != 0:
		b = append(b, ", aio_resfd="...)
		b = d.appendFD(b, ev, uint64(resfd))
	case resfd != 0:
		b = append(b, ", aio_resfd="...)
		b = appendHex(b, uint64(resfd))
	}
	return b
}

// appendIoprio prints an I/O priority as strace's print_ioprio: the
// IOPRIO_PRIO_VALUE, its number, or both, as -X asks.
func (d *Decoder) appendIoprio(b []byte, v uint32) []byte {
	switch d.opts.Xlat {
	case XlatRaw:
		return appendHex(b, uint64(v))
	case XlatVerbose:
		b = appendHex(b, uint64(v))
		b = append(b, " /* "...)
		b = d.appendIoprioValue(b, v)
		return append(b, " */"...)
	}
	return d.appendIoprioValue(b, v)
}

// printIoEvent prints a struct io_event.
func printIoEvent(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{data="...)
	b = appendHex(b, le64(p, 0))
	b = append(b, ", obj="...)
	b = appendHex(b, le64(p, 8))
	b = append(b, ", res="...)
	b = appendInt(b, int64(le64(p, 16)))
	b = append(b, ", res2="...)
	b = appendInt(b, int64(le64(p, 24)))
	return append(b, '}')
}

// enterIoSubmit prints io_submit(2): the context, the count and the
// array of iocb pointers (its address when the count is negative).
func enterIoSubmit(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	nr := int64(ev.Args[1])
	b = appendInt(b, nr)
	b = d.sep(b)
	if nr < 0 {
		return appendPtr(b, ev.Args[2])
	}
	if ev.Args[2] != 0 && nr == 0 {
		return append(b, "[]"...)
	}
	// The array's elements print in order: the k-th printed is the
	// k-th pointer, whose iocb is the capture's Elems[k].
	iocbs, k := ev.Captures[2].Elems, 0
	printIocbp := func(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
		j := k
		k++
		ptr := le64(p, 0)
		if ptr == 0 || j >= len(iocbs) || iocbs[j].Faulted || len(iocbs[j].Data) < syscalls.IocbSize {
			return appendPtr(b, ptr)
		}
		return d.appendIocb(b, iocbs[j].Data, &iocbs[j], ev)
	}
	return d.appendArray(b, ev, 2, syscalls.LayoutPtrElem, printIocbp, uint64(nr))
}

// exitIoGetevents prints the part of io_getevents and io_pgetevents
// strace prints at exit: the events the call returned, then the timeout
// (and the signal mask) as they were read at entry.
func exitIoGetevents(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[3]
	switch {
	case addr == 0:
		b = append(b, "NULL"...)
	case failed(ev):
		b = appendPtr(b, addr)
	case ev.Ret == 0:
		b = append(b, "[]"...)
	default:
		b = d.appendArray(b, ev, 3, syscalls.LayoutIoEvent, printIoEvent, uint64(ev.Ret))
	}
	for i := 4; i < len(c.args); i++ {
		b = d.sep(b)
		b = c.args[i](d, b, ev, i)
	}
	return b
}
