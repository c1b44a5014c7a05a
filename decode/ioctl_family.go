package decode

import (
	"sort"

	"github.com/sctrace/sctrace/trace"
)

// ioctlName is one entry of the request name table (zz_ioctl_names.go).
type ioctlName struct {
	code uint32
	name string
}

//go:generate sh -c "go run ./internal/genioctls -out zz_ioctl_names.go $STRACE_SRC/linux/64/ioctls_inc.h $STRACE_SRC/linux/x86_64/ioctls_arch0.h $STRACE_SRC/ioctls_zfs.h"

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
	if s := ioctlNumberName(code); s != "" {
		b = append(b, s...)
	} else {
		var ok bool
		if b, ok = appendIoctlNames(b, code); !ok {
			b = appendIoctlCode(b, code)
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

// ioctlArgAny is ioctlArg that reads the memory even after a failed call
// (strace's umove_or_printaddr_ignore_syserror).
func ioctlArgAny(b []byte, ev *trace.Event, size int) ([]byte, []byte, bool) {
	addr := ev.Args[2]
	if addr == 0 {
		return append(b, "NULL"...), nil, false
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
	if f := ioctlRets[uint32(ev.Args[1])]; f != nil {
		return f(d, b, ev)
	}
	return appendRetValue(b, c.retType, ev.Ret)
}
