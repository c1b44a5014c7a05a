package decode

import "github.com/sctrace/sctrace/trace"

// Decoders of ioprio_get and ioprio_set.

var ioprioWho = &xlat{vals: []xv{{1, "IOPRIO_WHO_PROCESS"}, {2, "IOPRIO_WHO_PGRP"}, {3, "IOPRIO_WHO_USER"}}, dflt: "IOPRIO_WHO_???"}

var ioprioClasses = &xlat{vals: []xv{
	{0, "IOPRIO_CLASS_NONE"}, {1, "IOPRIO_CLASS_RT"}, {2, "IOPRIO_CLASS_BE"}, {3, "IOPRIO_CLASS_IDLE"},
}, dflt: "IOPRIO_CLASS_???"}

// appendIoprioValue prints an I/O priority as strace's
// IOPRIO_PRIO_VALUE(class, data), the class styled as -X asks.
func (d *Decoder) appendIoprioValue(b []byte, v uint32) []byte {
	const classShift = 13
	b = append(b, "IOPRIO_PRIO_VALUE("...)
	b = d.enum(b, ioprioClasses, uint64(v>>classShift))
	b = append(b, ", "...)
	b = appendInt(b, int64(v&(1<<classShift-1)))
	return append(b, ')')
}

// enterIoprioSet prints ioprio_set(2): which and who, then the priority
// (its number too under -X raw and verbose).
func enterIoprioSet(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	b = c.args[1](d, b, ev, 1)
	b = d.sep(b)
	v := uint32(ev.Args[2])
	switch d.opts.Xlat {
	case XlatRaw:
		return appendInt(b, int64(int32(v)))
	case XlatVerbose:
		b = appendInt(b, int64(int32(v)))
		b = append(b, " /* "...)
		b = d.appendIoprioValue(b, v)
		return append(b, " */"...)
	}
	return d.appendIoprioValue(b, v)
}

// retIoprioGet prints ioprio_get's result with the priority it means.
func retIoprioGet(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if d.opts.Xlat == XlatRaw {
		return b
	}
	b = append(b, " ("...)
	b = d.appendIoprioValue(b, uint32(ev.Ret))
	return append(b, ')')
}
