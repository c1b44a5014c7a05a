package decode

import "github.com/sctrace/sctrace/trace"

// preadv2HighPos is the index of preadv2's and pwritev2's pos_h argument,
// which strace does not show on a 64-bit architecture (pos_l holds the
// whole offset).
const preadv2HighPos = 4

// enterPreadv2 prints the arguments of preadv2 and pwritev2 shown at
// entry, without pos_h.
func enterPreadv2(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return appendArgsExcept(d, c, b, ev, 0, c.split, c.split < len(c.args))
}

// exitPreadv2 prints the arguments shown at exit, without pos_h.
func exitPreadv2(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return appendArgsExcept(d, c, b, ev, c.split, len(c.args), false)
}

// appendArgsExcept prints arguments from to to-1 but pos_h, separated,
// and a trailing separator if more follow at exit.
func appendArgsExcept(d *Decoder, c *call, b []byte, ev *trace.Event, from, to int, more bool) []byte {
	n := 0
	for i := from; i < to; i++ {
		if i == preadv2HighPos {
			continue
		}
		if n > 0 {
			b = d.sep(b)
		}
		b = c.args[i](d, b, ev, i)
		n++
	}
	if more && n > 0 {
		b = d.sep(b)
	}
	return b
}

// printIovecAddr prints a struct iovec by its fields' values, as
// process_madvise's vector (strace's iov_decode_addr).
func printIovecAddr(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendIovecAddr(b, p, 0)
}
