package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// enterMmap prints mmap's arguments; the flags are a mapping type, flags,
// and a huge page size.
func enterMmap(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	b = d.flags(b, mmapProt, ev.Args[2])
	b = d.sep(b)
	mark := len(b)
	b = d.restyle(appendMmapFlags(b, ev.Args[3]), mark, ev.Args[3], numHex)
	b = d.sep(b)
	b = d.appendFD(b, ev, ev.Args[4])
	b = d.sep(b)
	return appendHex(b, ev.Args[5])
}

func appendMmapFlags(b []byte, flags uint64) []byte {
	b = appendEnum(b, mmapFlags, flags&0xf)
	flags &^= 0xf
	const hugeMask = 0x3f << 26
	huge := flags & hugeMask
	flags &^= hugeMask
	if flags != 0 {
		b = append(b, '|')
		b, _ = appendFlagsOnly(b, mmapFlags, flags)
	}
	if huge != 0 {
		b = append(b, '|')
		b = appendUint(b, huge>>26)
		b = append(b, "<<MAP_HUGE_SHIFT"...)
	}
	return b
}

// enterMremap prints mremap; new_address only with MREMAP_FIXED.
func enterMremap(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	b = appendUint(b, ev.Args[2])
	b = d.sep(b)
	b = d.flags(b, mremapFlags, ev.Args[3])
	if ev.Args[3]&2 != 0 { // MREMAP_FIXED
		b = d.sep(b)
		b = appendPtr(b, ev.Args[4])
	}
	return b
}
