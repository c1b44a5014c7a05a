package decode

import (
	"github.com/sctrace/sctrace/syscalls"
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

// appendMmapFlags prints mmap's flags as strace's print_mmap_flags: the
// type, the other flags and the huge page size; clearing the size's bits
// with a 32-bit mask, strace drops the upper 32 bits from the names.
func appendMmapFlags(b []byte, flags uint64) []byte {
	b = appendEnum(b, mmapFlags, flags&0xf)
	flags &^= 0xf
	const hugeMask = 0x3f << 26
	huge := flags & hugeMask
	flags &= uint64(^uint32(hugeMask))
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

// enterMincore prints mincore's range.
func enterMincore(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendPtr(b, ev.Args[0])
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	return d.sep(b)
}

// exitMincore prints mincore's vector: each page's residency bit, -s of
// them at most unless -v.
func exitMincore(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr, n := ev.Args[2], syscalls.Pages(ev.Args[1])
	cp, ok := capOK(ev, 2)
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case n == 0:
		return append(b, "[]"...)
	case failed(ev) || !ok || len(cp.Data) == 0:
		return appendPtr(b, addr)
	}
	// A vector cut short of what its plan copies ran into unreadable
	// memory.
	faulted := cp.Truncated && uint64(len(cp.Data)) < syscalls.ArrayTake(1, d.opts.StringLimit, d.opts.Verbose)
	return d.appendByteArray(b, addr, n, cp.Data, faulted, func(b []byte, _ uint64, v byte) []byte {
		return appendUint(b, uint64(v&1))
	})
}

// appendByteArray prints the n bytes at addr, of which data holds the
// first, as strace's print_array of bytes: elem prints byte k; at most -s
// of them unless -v, then "..."; past data, "... /* ADDR */" where memory
// could not be read (faulted), else "...".
func (d *Decoder) appendByteArray(b []byte, addr, n uint64, data []byte, faulted bool, elem func(b []byte, k uint64, v byte) []byte) []byte {
	b = append(b, '[')
	for k := uint64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if k >= uint64(len(data)) {
			if faulted {
				b = append(b, "... /* "...)
				b = appendHex(b, addr+k)
				b = append(b, " */"...)
			} else {
				b = append(b, "..."...)
			}
			break
		}
		if !d.opts.Verbose && k >= uint64(max(d.opts.StringLimit, 0)) {
			b = append(b, "..."...)
			break
		}
		b = elem(b, k, data[k])
	}
	return append(b, ']')
}
