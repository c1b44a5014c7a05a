package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// mqAttrFlags names struct mq_attr's mq_flags.
var mqAttrFlags = &xlat{vals: []xv{{04000, "O_NONBLOCK"}}, dflt: "O_???"}

// oCreat is open(2)'s O_CREAT, after which mq_open takes a mode and
// attributes.
const oCreat = 0100

// enterMqOpen prints mq_open: the name and flags, and with O_CREAT the
// mode and the attributes (mq_flags in hex, as strace prints them there).
func enterMqOpen(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	flags := uint32(ev.Args[1])
	mark := len(b)
	b = d.restyle(appendOpenFlags(b, flags, ev.Arch), mark, uint64(flags), numHex)
	if flags&oCreat == 0 {
		return b
	}
	b = d.sep(b)
	b = c.args[2](d, b, ev, 2)
	b = d.sep(b)
	return d.appendStructArg(b, ev, 3, syscalls.LayoutMqAttr, printMqAttrHex, false)
}

// printMqAttr prints a struct mq_attr with its flags by name
// (mq_getsetattr).
func printMqAttr(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{mq_flags="...)
	b = d.flags(b, mqAttrFlags, le64(p, 0))
	return appendMqAttrRest(b, p)
}

// printMqAttrHex prints a struct mq_attr with mq_flags in hex (mq_open).
func printMqAttrHex(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{mq_flags="...)
	b = appendHex(b, le64(p, 0))
	return appendMqAttrRest(b, p)
}

// appendMqAttrRest prints the counters of a struct mq_attr and closes it.
func appendMqAttrRest(b []byte, p []byte) []byte {
	b = append(b, ", mq_maxmsg="...)
	b = appendInt(b, int64(le64(p, 8)))
	b = append(b, ", mq_msgsize="...)
	b = appendInt(b, int64(le64(p, 16)))
	b = append(b, ", mq_curmsgs="...)
	b = appendInt(b, int64(le64(p, 24)))
	return append(b, '}')
}
