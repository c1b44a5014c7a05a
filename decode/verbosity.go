package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// This file handles the per-call selections -e raw=, -e abbrev= and
// -e verbose=, which a Decoder consults only when one was given.

// raw reports whether -e raw= names ev's call.
func (d *Decoder) raw(ev *trace.Event) bool {
	return d.opts.Raw != nil && d.opts.Raw.HasIn(ev.Pers, int(ev.NR))
}

// appendRawArgs prints every argument of a -e raw= call in hex, as
// strace's printargs.
func (d *Decoder) appendRawArgs(b []byte, ev *trace.Event, c *call) []byte {
	n := len(c.args)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = d.sep(b)
		}
		b = appendHex(b, ev.Args[i])
	}
	return b
}

// narrow applies -e abbrev= and -e verbose= to ev's call: it sets
// Options.Verbose for the call (returning the value to restore) and, for
// a call whose structures are not to be shown, returns a copy of ev
// without the captures of its structure arguments, which then print as
// addresses.
func (d *Decoder) narrow(ev *trace.Event, c *call) (*trace.Event, bool) {
	saved := d.unabbreviate(ev)
	nr := int(ev.NR)
	if d.opts.Deref == nil || d.opts.Deref.HasIn(ev.Pers, nr) || c.sig == nil {
		return ev, saved
	}
	d.shallow, d.traced = *ev, ev
	for i, a := range c.sig.Args {
		if i < trace.MaxArgs && structural(a) {
			d.shallow.Captures[i] = trace.Capture{}
		}
	}
	return &d.shallow, saved
}

// unabbreviate sets Options.Verbose for ev's call when -e abbrev= leaves
// it out, and returns the value to restore.
func (d *Decoder) unabbreviate(ev *trace.Event) bool {
	saved := d.opts.Verbose
	if d.opts.Abbrev != nil && !d.opts.Abbrev.HasIn(ev.Pers, int(ev.NR)) {
		d.opts.Verbose = true
	}
	return saved
}

// whole returns the event as traced when ev is narrow's copy of it, for
// what strace reads whatever -e verbose= says (printstr, printpath, a
// plain umove) but a Custom argument holds for some of its values only.
func (d *Decoder) whole(ev *trace.Event) *trace.Event {
	if ev == &d.shallow {
		return d.traced
	}
	return ev
}

// verboseCall reports whether -e verbose= includes ev's call (strace's
// verbose(tcp)).
func (d *Decoder) verboseCall(ev *trace.Event) bool {
	return d.opts.Deref == nil || d.opts.Deref.HasIn(ev.Pers, int(ev.NR))
}

// structural reports whether an argument is a structure or array that
// -e verbose= hides, rather than a string or data buffer.
func structural(a syscalls.Arg) bool {
	switch a.Type {
	case syscalls.StructIn, syscalls.StructOut, syscalls.StructInOut, syscalls.ArrayIn, syscalls.ArrayInOut,
		syscalls.StrArray, syscalls.EnvArray, syscalls.MsghdrIn, syscalls.MsghdrOut, syscalls.MmsgvecIn, syscalls.MmsgvecOut, syscalls.SigsetPair,
		syscalls.InIovec, syscalls.OutIovec:
		return true
	case syscalls.InBuf:
		// A socket address the call is given (bind's, connect's).
		return a.Layout == syscalls.LayoutSockaddr
	case syscalls.Custom:
		// The decoders of the strings strace prints under -e
		// verbose=none too (memfd_create's name, reboot's, prctl's)
		// read them from the event as traced (whole).
		return a.Layout != syscalls.LayoutNone
	}
	return false
}
