package decode

import "github.com/sctrace/sctrace/trace"

// printStringMax prints string argument i as strace's printstr_ex with a
// length of max and QUOTE_0_TERMINATED: like printString, but a string of
// max bytes or more is cut at max (with "...") whatever -s allows.
func printStringMax(d *Decoder, b []byte, ev *trace.Event, i int, max int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c, ok := capOK(ev, i)
	if !ok {
		return appendPtr(b, addr)
	}
	if max > d.opts.StringLimit {
		return d.appendCString(b, c.Data, c.Truncated)
	}
	show := len(c.Data)
	if show > max {
		show = max
	}
	b = d.appendQuoted(b, c.Data[:show], false)
	if c.Truncated || len(c.Data) >= max {
		b = append(b, "..."...)
	}
	return b
}

// enterMemfdCreate prints memfd_create(2): the name, of at most
// MFD_NAME_MAX_LEN bytes, and the flags, whose MFD_HUGE_* size strace
// shows as N<<MFD_HUGE_SHIFT.
func enterMemfdCreate(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const (
		nameMax   = 249 + 1
		hugeShift = 26
		hugeMask  = 0x3f << hugeShift
	)
	b = printStringMax(d, b, ev, 0, nameMax)
	b = d.sep(b)
	flags := uint32(ev.Args[1])
	if flags == 0 || d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, uint64(flags))
	}
	if flags == 0 || d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* "...)
	}
	huge := flags & hugeMask
	flags &^= hugeMask
	if flags != 0 || huge == 0 {
		b = appendFlags(b, memfdFlags, uint64(flags))
	}
	if huge != 0 {
		if flags != 0 {
			b = append(b, '|')
		}
		b = appendUint(b, uint64(huge>>hugeShift))
		b = append(b, "<<MFD_HUGE_SHIFT"...)
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}
