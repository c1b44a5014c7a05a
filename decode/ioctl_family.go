package decode

import (
	"sort"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// ioctlName is one entry of the request name table (zz_ioctl_names.go).
type ioctlName struct {
	code uint32
	name string
}

//go:generate go run ./internal/genioctls -out zz_ioctl_names.go data/ioctls.txt

// appendIoctlNames appends the names strace knows for request code,
// joined by " or ", and reports whether there was any.
func appendIoctlNames(b []byte, code uint32) ([]byte, bool) {
	i := sort.Search(len(ioctlNames), func(i int) bool { return ioctlNames[i].code >= code })
	n := 0
	for ; i < len(ioctlNames) && ioctlNames[i].code == code; i++ {
		if n > 0 {
			b = append(b, " or "...)
		}
		b = append(b, ioctlNames[i].name...)
		n++
	}
	return b, n > 0
}

// appendIoctlRequest prints an ioctl's request as -X asks: its names (or
// _IOC(...) when it has none), its number, or the number with the names
// in a comment.
func (d *Decoder) appendIoctlRequest(b []byte, code uint32) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, uint64(code))
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	named := false
	if f := fixedFamilyOf(code); f != nil && f.number != nil {
		b, named = f.number(b, code, d.opts.Xlat == XlatVerbose)
	} else if n := numberNamers[uint8(code>>8)]; n != nil {
		b, named = n(b, code, d.opts.Xlat == XlatVerbose)
	}
	if s := ioctlNumberName(code); s != "" {
		b = append(b, s...)
	} else {
		mark := len(b)
		if named {
			b = append(b, " or "...)
		}
		var ok bool
		if b, ok = appendIoctlNames(b, code); !ok {
			b = b[:mark]
			if !named {
				b = appendIoctlCode(b, code)
			}
		}
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}

// ioctlNumberName names the requests strace recognises by their number
// alone rather than through its name table.
func ioctlNumberName(code uint32) string {
	if code == 0x80082102 { // _IOC(_IOC_READ, '!', 2, 8)
		return "SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR"
	}
	return ""
}

// ioctlRes is what a family decoder did with an ioctl's argument.
type ioctlRes uint8

const (
	// ioctlResUnknown: the family does not decode this request; at entry
	// the argument is then printed in hex, at exit nothing more.
	ioctlResUnknown ioctlRes = iota
	// ioctlResDone: the decoder printed the argument (with its separator),
	// or printed nothing because the request has none.
	ioctlResDone
	// ioctlResLater (at entry): nothing printed yet, the decoder prints the
	// argument at exit.
	ioctlResLater
	// ioctlResHex (at exit): the decoder leaves the argument to be printed
	// in hex.
	ioctlResHex
)

// ioctlFamily decodes the argument of the requests of one _IOC_TYPE, as
// one of strace's per-family ioctl decoders does. It is called for the
// entry part of the line (exit false) and, unless it returned
// ioctlResUnknown or ioctlResDone there, for the exit part (exit true); a
// request it decodes at entry must give ioctlResDone at exit too. ev is
// the exit event when the entry's was not kept.
type ioctlFamily func(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes)

// ioctlFamilies are the family decoders by _IOC_TYPE; each family's file
// registers its own.
var ioctlFamilies = map[uint8]ioctlFamily{}

// ioctlFamilyOf returns the family decoder of request code, if any.
func ioctlFamilyOf(code uint32) ioctlFamily {
	return ioctlFamilies[uint8(code>>8)]
}

// ioctlEnterFamily runs code's family decoder at entry; handled is false
// when the generic decoding applies.
func (d *Decoder) ioctlEnterFamily(b []byte, ev *trace.Event, code uint32) ([]byte, bool) {
	f := ioctlFamilyOf(code)
	if f == nil {
		return b, false
	}
	out, res := f(d, b, ev, code, false)
	return out, res != ioctlResUnknown
}

// ioctlExitFamily runs code's family decoder at exit; handled is false
// when the generic decoding applies.
func (d *Decoder) ioctlExitFamily(b []byte, ev *trace.Event, code uint32) ([]byte, bool) {
	f := ioctlFamilyOf(code)
	if f == nil {
		return b, false
	}
	out, res := f(d, b, ev, code, true)
	switch res {
	case ioctlResUnknown:
		return b, false
	case ioctlResHex:
		out = d.sep(out)
		return appendHex(out, ev.Args[2]), true
	}
	return out, true
}

// ioctlArg returns the bytes at the ioctl's argument when at least size
// of them were captured and, at exit, the call succeeded; otherwise it
// prints the address (NULL for 0) as strace's umove_or_printaddr and
// reports false.
func ioctlArg(b []byte, ev *trace.Event, size int, exit bool) ([]byte, []byte, bool) {
	addr := ev.Args[2]
	if addr == 0 {
		return append(b, "NULL"...), nil, false
	}
	if exit && failed(ev) {
		return appendPtr(b, addr), nil, false
	}
	cp, ok := capOK(ev, 2)
	if !ok || len(cp.Data) < size {
		return appendPtr(b, addr), nil, false
	}
	return b, cp.Data[:size], true
}

// appendIoctlInt prints the int the ioctl's argument points to as [N]
// (strace's printnum_int), or the address.
func appendIoctlInt(b []byte, ev *trace.Event, exit bool) []byte {
	b, p, ok := ioctlArg(b, ev, 4, exit)
	if !ok {
		return b
	}
	b = append(b, '[')
	b = appendInt(b, int64(int32(le32(p, 0))))
	return append(b, ']')
}

// ioctlIntAt decodes a request whose int strace prints at exit
// (getters) or, when out is false, at entry (setters).
func ioctlIntAt(b []byte, d *Decoder, ev *trace.Event, out, exit bool) ([]byte, ioctlRes) {
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	return appendIoctlInt(d.sep(b), ev, exit), ioctlResDone
}

// ioctlRets print the result of the requests whose result strace
// decodes, by request.
var ioctlRets = map[uint32]func(d *Decoder, b []byte, ev *trace.Event) []byte{}

// retIoctl prints an ioctl's successful result.
func retIoctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	req := uint32(ev.Args[1])
	if syscalls.IoctlReturnsFD(req) {
		return retIoctlFD(d, b, ev)
	}
	if f := ioctlRets[req]; f != nil {
		return f(d, b, ev)
	}
	return appendRetValue(b, c.retType, ev.Ret)
}

// ioctlRet is what an ioctl family decoder did with the argument, as
// strace's ioctl decoders report it.
type ioctlRet uint8

const (
	// ioctlMore: the argument is printed at exit (its ", " may be out).
	ioctlMore ioctlRet = iota
	// ioctlDone: the argument is printed.
	ioctlDone
	// ioctlHexArg: the argument is not decoded; it is printed in hex.
	ioctlHexArg
)

// fixedFamily decodes the requests of one ioctl type (its _IOC_TYPE),
// deciding again at exit from the request and the captures what its entry
// left for the exit; it may also name requests from their bits.
type fixedFamily struct {
	// decode prints the argument at entry (exit false) or exit.
	decode func(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet)
	// number names the requests the family names from their bits
	// (evdev's EVIOCGBIT(EV_KEY, 96)); verbose: under -X verbose.
	number func(b []byte, req uint32, verbose bool) ([]byte, bool)
}

// fixedFamilyOf returns the fixedFamily of request req, if any (before
// the families of ioctlFamilies).
func fixedFamilyOf(req uint32) *fixedFamily {
	switch (req >> 8) & 0xff {
	case 0x03:
		return &hdioFamily
	case 'E':
		return &evdevFamily
	case 0xb4:
		return &gpioFamily
	case 'f':
		if req == ioctlFSFiemap {
			return &fiemapFamily
		}
	}
	return nil
}

// enterFixedFamily prints a family's ioctl at entry.
func enterFixedFamily(d *Decoder, f *fixedFamily, b []byte, ev *trace.Event, req uint32) []byte {
	b, r := f.decode(d, b, ev, req, false)
	if r == ioctlHexArg {
		b = d.sep(b)
		b = appendHex(b, ev.Args[2])
	}
	return b
}

// exitFixedFamily prints a family's ioctl at exit, when its entry left
// the argument for the exit (decided again from the request and the
// captures: the decoder keeps no state between the two).
func exitFixedFamily(d *Decoder, f *fixedFamily, b []byte, ev *trace.Event, req uint32) []byte {
	if r := entryOutcome(d, f.decode, ev, req); r != ioctlMore {
		return b
	}
	b, r := f.decode(d, b, ev, req, true)
	if r != ioctlDone {
		b = d.sep(b)
		b = appendHex(b, ev.Args[2])
	}
	return b
}

// entryOutcome decodes ioctl request req's entry again, into scratch
// space, for what it says of the exit (the decoder keeps no state between
// the two); decode is a family's decoder at entry (exit false) or exit.
func entryOutcome[R any](d *Decoder, decode func(*Decoder, []byte, *trace.Event, uint32, bool) ([]byte, R), ev *trace.Event, req uint32) R {
	rec := d.recording
	d.recording = false
	tmp, r := decode(d, d.ioctlTmp[:0], ev, req, false)
	d.ioctlTmp = tmp[:0]
	d.recording = rec
	return r
}

// ioctlData returns the ioctl argument's capture when it holds at least n
// bytes.
func ioctlData(ev *trace.Event, n int) ([]byte, bool) {
	cp, ok := capOK(ev, 2)
	if !ok || ev.Args[2] == 0 || len(cp.Data) < n {
		return nil, false
	}
	return cp.Data, true
}

// ioctlCaps returns the capture of ev's ioctl argument and that of its
// nested object (syscalls.IoctlNestedObjects; nil when there is none):
// with entry, as they were at entry (the exit capture of a request of
// syscalls.IoctlKeepEntry keeps them; one that kept none gives its own),
// else as ev has them.
func ioctlCaps(ev *trace.Event, entry bool) (arg, nested *trace.Capture) {
	arg, objs := ioctlObjects(ev, entry)
	if len(objs) > 0 {
		nested = &objs[0]
	}
	return arg, nested
}

// ioctlObjects is ioctlCaps with all the objects the argument's capture
// holds (SG_IO's two), without the entry's copy a request of
// syscalls.IoctlKeepEntry keeps.
func ioctlObjects(ev *trace.Event, entry bool) (arg *trace.Capture, objs []trace.Capture) {
	arg = &ev.Captures[2]
	objs = arg.Elems
	if exited(ev) && len(objs) > 0 && syscalls.IoctlKeepsEntry(uint32(ev.Args[1])) {
		kept := &objs[len(objs)-1]
		objs = objs[:len(objs)-1]
		if entry && kept.Present() {
			arg, objs = kept, kept.Elems
		}
	}
	return arg, objs
}

// capBytes returns c's bytes when it holds at least n of them.
func capBytes(c *trace.Capture, n int) ([]byte, bool) {
	if c == nil || c.Faulted || c.Data == nil || len(c.Data) < n {
		return nil, false
	}
	return c.Data, true
}
