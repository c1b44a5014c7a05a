package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// enterOpen prints open and openat: the mode only with O_CREAT or
// O_TMPFILE.
func enterOpen(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	off := 0
	if len(c.args) == 4 { // openat
		b = d.appendDirFDArg(b, ev, ev.Args[0])
		b = d.sep(b)
		off = 1
	}
	b = printPath(d, b, ev, off)
	b = d.sep(b)
	flags := uint32(ev.Args[off+1])
	mark := len(b)
	b = d.restyle(appendOpenFlags(b, flags, ev.Arch), mark, uint64(flags), numHex)
	if flags&(0100|020000000) != 0 {
		b = d.sep(b)
		b = appendMode(b, uint64(uint16(ev.Args[off+2])))
	}
	return b
}

// exitGetcwd prints getcwd's buffer as a path of the returned length.
func exitGetcwd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	switch {
	case ev.Args[0] == 0:
		b = append(b, "NULL"...)
	case !ok || failed(ev):
		b = appendPtr(b, ev.Args[0])
	default:
		data := cp.Data
		if n := ev.Ret - 1; n >= 0 && int64(len(data)) > n {
			data = data[:n]
		}
		for i, ch := range data {
			if ch == 0 {
				data = data[:i]
				break
			}
		}
		b = d.appendPath(b, data, false)
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[1])
}

// exitGetxattr prints the value of getxattr and friends as strace's
// print_xattr_val: as many bytes as the call returned (whatever the size
// offered: a size of 0 asks for the value's size and fills nothing), a
// NUL ending them left out, or the address of a call that failed; then
// the size.
func exitGetxattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	i := c.split
	if failed(ev) || uint64(ev.Ret) > xattrSizeMax {
		b = appendPtr(b, ev.Args[i])
	} else {
		b = d.appendPrefixStrn(b, ev, i, uint64(ev.Ret), true)
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[i+1])
}

// exitGetrandom prints the random bytes, always in hex.
func exitGetrandom(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	if ev.Args[0] == 0 {
		b = append(b, "NULL"...)
	} else if !ok || failed(ev) {
		b = appendPtr(b, ev.Args[0])
	} else {
		b = d.appendBuf(b, cp.Data, uint64(ev.Ret), true)
	}
	b = d.sep(b)
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	return d.flags(b, getrandomFlags, uint64(uint32(ev.Args[2])))
}

// exitGetdents64 prints the directory buffer: its address and the count
// of entries, or with -v the entries themselves.
// exitGetdents prints the legacy getdents' struct linux_dirent entries
// (the type in each record's last byte), or their count without -v.
func exitGetdents(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return d.appendDirentsArg(b, ev, true)
}

func exitGetdents64(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return d.appendDirentsArg(b, ev, false)
}

// appendDirentsArg prints getdents' or getdents64's buffer and count.
func (d *Decoder) appendDirentsArg(b []byte, ev *trace.Event, legacy bool) []byte {
	cp, ok := capOK(ev, 1)
	addr := ev.Args[1]
	if !failed(ev) && ev.Ret == 0 {
		cp, ok = &trace.Capture{Data: []byte{}}, true
	}
	switch {
	case failed(ev) || !ok || !d.verboseCall(ev) || uint64(ev.Ret) > uint64(uint32(ev.Args[2])):
		// strace's xgetdents: nor under -e verbose=none, nor more
		// bytes than the count.
		b = appendPtr(b, addr)
	case d.opts.Verbose:
		b = d.appendDirents(b, cp.Data, int(ev.Ret), legacy)
	default:
		b = appendPtr(b, addr)
		n := countDirents(cp.Data, int(ev.Ret))
		b = append(b, " /* "...)
		b = appendUint(b, uint64(n))
		b = append(b, " entries */"...)
	}
	b = d.sep(b)
	return appendUint(b, uint64(uint32(ev.Args[2])))
}

func countDirents(p []byte, n int) int {
	if n > len(p) {
		n = len(p)
	}
	cnt := 0
	for off := 0; off+19 <= n; {
		rl := int(le16(p, off+16))
		if rl == 0 {
			break
		}
		cnt++
		off += rl
	}
	return cnt
}

// appendDirents prints the entries of a getdents64 buffer, or of a
// legacy getdents one (unsigned d_off, d_name before d_type, which is the
// record's last byte).
func (d *Decoder) appendDirents(b []byte, p []byte, n int, legacy bool) []byte {
	if n > len(p) {
		n = len(p)
	}
	b = append(b, '[')
	k := 0
	for off := 0; off+19 <= n; k++ {
		rl := int(le16(p, off+16))
		if rl == 0 {
			break
		}
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "{d_ino="...)
		b = appendUint(b, le64(p, off))
		b = append(b, ", d_off="...)
		if legacy {
			b = appendUint(b, le64(p, off+8))
		} else {
			b = appendInt(b, int64(le64(p, off+8)))
		}
		b = append(b, ", d_reclen="...)
		b = appendUint(b, uint64(rl))
		end := off + rl
		if end > n {
			end = n
		}
		nameOff := off + 19
		if legacy {
			nameOff, end = off+18, end-1
		}
		if end < nameOff {
			end = nameOff
		}
		name := p[nameOff:end]
		for i, ch := range name {
			if ch == 0 {
				name = name[:i]
				break
			}
		}
		if !legacy {
			b = append(b, ", d_type="...)
			b = d.enum(b, direntTypes, uint64(p[off+18]))
		}
		b = append(b, ", d_name="...)
		b = d.appendPath(b, name, false)
		if legacy && off+rl-1 < n {
			b = append(b, ", d_type="...)
			b = d.enum(b, direntTypes, uint64(p[off+rl-1]))
		}
		b = append(b, '}')
		off += rl
	}
	return append(b, ']')
}

// enterMknod prints mknod's and mknodat's path, the mode with its file
// type, and the device of a character or block special file.
func enterMknod(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	off := len(c.args) - 3 // mknodat's dirfd comes first
	for i := 0; i <= off; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	mode := uint32(uint16(ev.Args[off+1]))
	b = d.symbolicMode(b, mode)
	if t := mode & 0170000; t == 0020000 || t == 0060000 {
		b = d.sep(b)
		b = d.appendDevStyled(b, uint64(uint32(ev.Args[off+2])))
	}
	return b
}

// xattrSizeMax is the largest extended attribute value (XATTR_SIZE_MAX).
const xattrSizeMax = 65536

// enterSetxattr prints setxattr, lsetxattr and fsetxattr: the value as
// strace's print_xattr_val prints it (see exitGetxattr), or its address
// when the size is beyond any attribute's.
func enterSetxattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	for i := 0; i < 2; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	size := ev.Args[3]
	if size > xattrSizeMax {
		b = appendPtr(b, ev.Args[2])
	} else {
		b = d.appendPrefixStrn(b, ev, 2, size, true)
	}
	b = d.sep(b)
	b = appendUint(b, size)
	b = d.sep(b)
	return c.args[4](d, b, ev, 4)
}

// exitListxattr prints the attribute names the call stored (its address
// for a size of 0, which asks only for the length) and the size.
func exitListxattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	i := c.split
	if ev.Args[i+1] == 0 {
		b = appendPtr(b, ev.Args[i])
	} else {
		b = printOutBuf(d, b, ev, i)
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[i+1])
}
