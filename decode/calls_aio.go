package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The Linux native AIO calls, as strace 6.1's aio.c prints them:
// io_setup, io_destroy and io_cancel print with their signatures'
// struct printers; io_submit, io_getevents and io_pgetevents have
// decoders. io_submit's iocb structures are not captured (only the
// array of pointers to them is): each prints as its address.

var aioCmds = &xlat{vals: []xv{
	{0, "IOCB_CMD_PREAD"}, {1, "IOCB_CMD_PWRITE"}, {2, "IOCB_CMD_FSYNC"}, {3, "IOCB_CMD_FDSYNC"},
	{4, "IOCB_CMD_PREADX"}, {5, "IOCB_CMD_POLL"}, {6, "IOCB_CMD_NOOP"}, {7, "IOCB_CMD_PREADV"},
	{8, "IOCB_CMD_PWRITEV"},
}, dflt: "IOCB_CMD_???"}

// iocbFlagIoprio is IOCB_FLAG_IOPRIO: aio_reqprio is an I/O priority.
const iocbFlagIoprio = 2

// printIocbHeader prints a struct iocb's header fields, as strace's
// print_iocb_header (io_cancel's iocb).
func printIocbHeader(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{aio_data="...)
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
	b = d.appendFD(b, ev, uint64(le32(p, 20)))
	return append(b, '}')
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
	return d.appendArray(b, ev, 2, syscalls.LayoutPtrElem, printPtrElem, uint64(nr))
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
