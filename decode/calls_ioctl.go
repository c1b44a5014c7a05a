package decode

import (
	"github.com/sctrace/sctrace/trace"
)

func enterIoctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	req := uint32(ev.Args[1])
	b = d.appendIoctlRequest(b, req)
	if f := fixedFamilyOf(req); f != nil {
		return enterFixedFamily(d, f, b, ev, req)
	}
	if out, ok := d.ioctlEnterFamily(b, ev, req); ok {
		return out
	}
	return appendHex(d.sep(b), ev.Args[2])
}

func exitIoctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	req := uint32(ev.Args[1])
	if f := fixedFamilyOf(req); f != nil {
		return exitFixedFamily(d, f, b, ev, req)
	}
	if out, ok := d.ioctlExitFamily(b, ev, req); ok {
		return out
	}
	return b
}

var ioctlDirs = &xlat{vals: []xv{{0, "_IOC_NONE"}, {2, "_IOC_READ"}, {1, "_IOC_WRITE"}}, dflt: "_IOC_???"}

// appendIoctlCode prints an unknown request as _IOC(dir, type, nr, size).
func appendIoctlCode(b []byte, code uint32) []byte {
	b = append(b, "_IOC("...)
	b = appendFlags(b, ioctlDirs, uint64(code>>30))
	b = append(b, ", "...)
	b = appendHex(b, uint64((code>>8)&0xff))
	b = append(b, ", "...)
	b = appendHex(b, uint64(code&0xff))
	b = append(b, ", "...)
	b = appendHex(b, uint64((code>>16)&0x3fff))
	return append(b, ')')
}
