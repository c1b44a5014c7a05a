package decode

import (
	"bytes"

	"github.com/sctrace/sctrace/trace"
)

// printStringMax prints argument i, a NUL-terminated string of which
// the capture holds the first max bytes (or those up to the end of their
// page), as strace's printstr_ex with a length of max and
// QUOTE_0_TERMINATED: at most -s bytes, "..." when no NUL ends it within
// what is shown, the address when no NUL comes before the bytes run out.
func printStringMax(d *Decoder, b []byte, ev *trace.Event, i int, max int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c, ok := capOK(d.whole(ev), i)
	if !ok {
		return appendPtr(b, addr)
	}
	p := c.Data
	read := min(max, d.opts.StringLimit+1)
	n := bytes.IndexByte(p[:min(len(p), read)], 0)
	if n < 0 {
		if len(p) < read {
			return appendPtr(b, addr)
		}
		n = read
	}
	show := min(n, d.opts.StringLimit)
	b = d.appendQuoted(b, p[:show], false)
	if n > show || n == read {
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
