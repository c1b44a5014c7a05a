package decode

import (
	"bytes"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// fsconfig's commands (linux/mount.h).
const (
	fsconfigSetFlag = iota
	fsconfigSetString
	fsconfigSetBinary
	fsconfigSetPath
	fsconfigSetPathEmpty
	fsconfigSetFD
	fsconfigCmdCreate
	fsconfigCmdReconfigure
)

var fsconfigCmds = &xlat{dflt: "FSCONFIG_???", vals: []xv{
	{fsconfigSetFlag, "FSCONFIG_SET_FLAG"}, {fsconfigSetString, "FSCONFIG_SET_STRING"},
	{fsconfigSetBinary, "FSCONFIG_SET_BINARY"}, {fsconfigSetPath, "FSCONFIG_SET_PATH"},
	{fsconfigSetPathEmpty, "FSCONFIG_SET_PATH_EMPTY"}, {fsconfigSetFD, "FSCONFIG_SET_FD"},
	{fsconfigCmdCreate, "FSCONFIG_CMD_CREATE"}, {fsconfigCmdReconfigure, "FSCONFIG_CMD_RECONFIGURE"},
}}

// fsconfigKeyMax and fsconfigBinaryMax are how much of a key (and of a
// string value) and of a binary value strace reads.
const (
	fsconfigKeyMax    = 256
	fsconfigBinaryMax = 1 << 20
)

// enterFsconfig prints fsconfig(2) as strace: the key and the value as
// the command makes them (a string, a path, a binary blob, or an
// address), and aux as a directory descriptor, a descriptor or a number.
func enterFsconfig(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[1])
	aux := int32(ev.Args[4])
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	b = d.enum(b, fsconfigCmds, uint64(cmd))
	b = d.sep(b)
	switch cmd {
	case fsconfigSetFlag, fsconfigSetString, fsconfigSetBinary, fsconfigSetPath, fsconfigSetPathEmpty, fsconfigSetFD:
		b = printStringMax(d, b, ev, 2, fsconfigKeyMax)
	default:
		b = appendPtr(b, ev.Args[2])
	}
	b = d.sep(b)
	switch {
	case cmd == fsconfigSetString:
		b = printStringMax(d, b, ev, 3, fsconfigKeyMax)
	case cmd == fsconfigSetPath || cmd == fsconfigSetPathEmpty:
		b = d.appendFsconfigPath(b, ev)
	case cmd == fsconfigSetBinary && aux >= 0 && aux <= fsconfigBinaryMax:
		b = d.appendFsconfigBinary(b, ev, uint64(aux))
	default:
		b = appendPtr(b, ev.Args[3])
	}
	b = d.sep(b)
	switch cmd {
	case fsconfigSetPath, fsconfigSetPathEmpty:
		return d.appendDirFDArg(b, ev, uint64(aux))
	case fsconfigSetFD:
		return d.appendFD(b, ev, uint64(aux))
	}
	return appendInt(b, int64(aux))
}

// appendFsconfigPath prints a path value as strace's printpath: whole,
// the address when it cannot be read up to its NUL.
func (d *Decoder) appendFsconfigPath(b []byte, ev *trace.Event) []byte {
	addr := ev.Args[3]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c, ok := capOK(d.whole(ev), 3)
	if !ok {
		return appendPtr(b, addr)
	}
	n := bytes.IndexByte(c.Data, 0)
	if n < 0 {
		if len(c.Data) < syscalls.PathMax {
			return appendPtr(b, addr)
		}
		return d.appendPath(b, c.Data[:syscalls.PathMax-1], true)
	}
	return d.appendPath(b, c.Data[:n], false)
}

// appendFsconfigBinary prints a binary value of n bytes in hex, as
// strace's printstr_ex with QUOTE_FORCE_HEX: at most -s bytes; the
// address when they cannot be read.
func (d *Decoder) appendFsconfigBinary(b []byte, ev *trace.Event, n uint64) []byte {
	addr := ev.Args[3]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	c, ok := capOK(d.whole(ev), 3)
	need := min(n, uint64(d.opts.StringLimit)+1)
	if !ok || uint64(len(c.Data)) < need {
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, c.Data[:need], n, true)
}
