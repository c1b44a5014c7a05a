package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// enterOpenat2 prints openat2(2): the directory, the path, the struct
// open_how of the size the last argument gives, and that size.
func enterOpenat2(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendDirFDArg(b, ev, ev.Args[0])
	b = d.sep(b)
	b = printPath(d, b, ev, 1)
	b = d.sep(b)
	b = d.appendOpenHow(b, ev, 2, ev.Args[3])
	b = d.sep(b)
	return appendUint(b, ev.Args[3])
}

// appendOpenHow prints argument i, a struct open_how of size bytes: its
// 64-bit flags, the mode when it matters, the RESOLVE_* flags, and the
// bytes beyond the known struct when they are not all zero.
func (d *Decoder) appendOpenHow(b []byte, ev *trace.Event, i int, size uint64) []byte {
	const openHowSize = 24
	addr := ev.Args[i]
	if size < openHowSize || addr == 0 {
		return appendPtr(b, addr)
	}
	c, ok := capOK(ev, i)
	if !ok || len(c.Data) < openHowSize {
		return appendPtr(b, addr)
	}
	p := c.Data
	flags, mode, resolve := le64(p, 0), le64(p, 8), le64(p, 16)
	b = append(b, "{flags="...)
	mark := len(b)
	b = appendOpenFlags64(b, flags, ev.Arch)
	b = d.restyle(b, mark, flags, numHex)
	if flags&(0100|020000000) != 0 || mode != 0 { // O_CREAT, __O_TMPFILE
		b = append(b, ", mode="...)
		b = appendMode(b, mode)
	}
	b = append(b, ", resolve="...)
	b = d.flags(b, resolveFlags, resolve)
	b, _ = d.appendExtTail(b, c, openHowSize, size, ", ")
	return append(b, '}')
}

// appendOpenFlags64 prints open flags held in 64 bits (open_how's): the
// access mode, the named flags, then the other bits in hex.
func appendOpenFlags64(b []byte, v uint64, arch uint32) []byte {
	acc, _ := openAccessModes.lookup(v & 3)
	b = append(b, acc...)
	if rest := v &^ 3; rest != 0 {
		b = append(b, '|')
		b, _ = appendFlagsOnly(b, openFlagsOf(arch), rest)
	}
	return b
}

// appendExtTail prints, after prefix, the bytes of an extensible struct
// of size bytes beyond the known bytes its LenExt capture c holds, as
// strace's print_nonzero_bytes: nothing when they are all zero, "???"
// when they could not be read, else /* bytes K..N */ and at most -s of
// them in hex. It reports whether it printed anything.
func (d *Decoder) appendExtTail(b []byte, c *trace.Capture, known int, size uint64, prefix string) ([]byte, bool) {
	if size <= uint64(known) || len(c.Elems) == 0 {
		return b, false
	}
	t := &c.Elems[0]
	if t.Faulted {
		b = append(b, prefix...)
		return append(b, "???"...), true
	}
	zero := true
	for _, x := range t.Data {
		if x != 0 {
			zero = false
			break
		}
	}
	if zero {
		return b, false
	}
	b = append(b, prefix...)
	b = append(b, "/* bytes "...)
	b = strconv.AppendInt(b, int64(known), 10)
	b = append(b, ".."...)
	b = strconv.AppendInt(b, int64(known+len(t.Data)-1), 10)
	b = append(b, " */ "...)
	return d.appendBuf(b, t.Data, uint64(len(t.Data)), true), true
}
