package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

var fiemapFlags = &xlat{vals: []xv{{1, "FIEMAP_FLAG_SYNC"}, {2, "FIEMAP_FLAG_XATTR"}, {4, "FIEMAP_FLAG_CACHE"}}, dflt: "FIEMAP_FLAG_???"}

var fiemapExtentFlags = &xlat{vals: []xv{
	{0x1, "FIEMAP_EXTENT_LAST"}, {0x2, "FIEMAP_EXTENT_UNKNOWN"}, {0x4, "FIEMAP_EXTENT_DELALLOC"},
	{0x8, "FIEMAP_EXTENT_ENCODED"}, {0x80, "FIEMAP_EXTENT_DATA_ENCRYPTED"}, {0x100, "FIEMAP_EXTENT_NOT_ALIGNED"},
	{0x200, "FIEMAP_EXTENT_DATA_INLINE"}, {0x400, "FIEMAP_EXTENT_DATA_TAIL"}, {0x800, "FIEMAP_EXTENT_UNWRITTEN"},
	{0x1000, "FIEMAP_EXTENT_MERGED"}, {0x2000, "FIEMAP_EXTENT_SHARED"},
}, dflt: "FIEMAP_EXTENT_???"}

var fiemapFamily = fixedFamily{decode: decodeFiemap}

// decodeFiemap decodes FS_IOC_FIEMAP's struct fiemap: the request at
// entry, the mapped extents at exit (listed under -v).
func decodeFiemap(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet) {
	arg := ev.Args[2]
	if exit && failed(ev) {
		return b, ioctlDone
	}
	if !exit {
		b = d.sep(b)
	} else {
		b = append(b, " => "...)
	}
	p, ok := ioctlData(ev, syscalls.FiemapSize)
	if !ok {
		return appendPtr(b, arg), ioctlDone
	}
	if !exit {
		b = append(b, "{fm_start="...)
		b = appendUint(b, le64(p, 0))
		b = append(b, ", fm_length="...)
		b = appendUint(b, le64(p, 8))
		b = append(b, ", fm_flags="...)
		b = d.flags(b, fiemapFlags, uint64(le32(p, 16)))
		b = append(b, ", fm_extent_count="...)
		b = appendUint(b, uint64(le32(p, 24)))
		return append(b, '}'), ioctlMore
	}
	b = append(b, "{fm_flags="...)
	b = d.flags(b, fiemapFlags, uint64(le32(p, 16)))
	b = append(b, ", fm_mapped_extents="...)
	n := le32(p, syscalls.FiemapMappedOff)
	b = appendUint(b, uint64(n))
	if !d.opts.Verbose {
		return append(b, ", ...}"...), ioctlDone
	}
	b = append(b, ", fm_extents="...)
	cp, _ := capOK(ev, 2)
	var ext []byte
	if len(cp.Elems) > 0 && !cp.Elems[0].Faulted {
		ext = cp.Elems[0].Data
	}
	switch {
	case n == 0:
		b = append(b, "[]"...)
	case len(ext) < syscalls.FiemapExtentSize:
		b = appendPtr(b, arg+syscalls.FiemapSize)
	default:
		b = append(b, '[')
		k := len(ext) / syscalls.FiemapExtentSize
		for i := 0; i < k; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			e := ext[i*syscalls.FiemapExtentSize:]
			b = append(b, "{fe_logical="...)
			b = appendUint(b, le64(e, 0))
			b = append(b, ", fe_physical="...)
			b = appendUint(b, le64(e, 8))
			b = append(b, ", fe_length="...)
			b = appendUint(b, le64(e, 16))
			b = append(b, ", fe_flags="...)
			b = d.flags(b, fiemapExtentFlags, uint64(le32(e, 40)))
			b = append(b, '}')
		}
		if uint32(k) < n {
			b = append(b, ", ..."...)
		}
		b = append(b, ']')
	}
	return append(b, '}'), ioctlDone
}
