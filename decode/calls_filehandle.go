package decode

import (
	"encoding/binary"
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The decoders of name_to_handle_at(2) and open_by_handle_at(2), as
// strace 6.1's file_handle.c prints them.

// nameToHandleAtFlags are name_to_handle_at's flags
// (xlat/name_to_handle_at_flags.in).
var nameToHandleAtFlags = &xlat{vals: []xv{{0x400, "AT_SYMLINK_FOLLOW"}, {0x1000, "AT_EMPTY_PATH"}}, dflt: "AT_???"}

// errEOVERFLOW is the errno with which name_to_handle_at says the
// handle is too small, having written the size it needs.
const errEOVERFLOW = 75

// handleCopies returns the struct file_handle copies of argument i:
// what was read at entry and, when kept (the argument keeps its entry
// copy beside its exit copy, syscalls.CInAndOut), on an exit event of a
// call that returned, what was read at exit. A copy too short for the
// header is not one.
func handleCopies(ev *trace.Event, i int, kept bool) (entry, exit []byte) {
	cp, ok := capOK(ev, i)
	if !ok {
		return nil, nil
	}
	entry = cp.Data
	if kept && ev.Kind == trace.SyscallExit && !ev.NoReturn {
		n := min(int(cp.Aux), len(cp.Data))
		entry, exit = cp.Data[:n], cp.Data[n:]
	}
	if len(entry) < syscalls.FileHandleHeader {
		entry = nil
	}
	if len(exit) < syscalls.FileHandleHeader {
		exit = nil
	}
	return entry, exit
}

// appendFHandle prints a struct file_handle's f_handle after its header
// in h, of handleBytes bytes, as strace's print_f_handle: MAX_HANDLE_SZ
// at most, in hex, then "..." when it holds more; "???" when they could
// not be read.
func (d *Decoder) appendFHandle(b []byte, h []byte, handleBytes uint32) []byte {
	n := min(int(handleBytes), syscalls.FileHandleMax)
	if len(h) < syscalls.FileHandleHeader+n {
		return append(b, "???"...)
	}
	b = d.appendQuoted(b, h[syscalls.FileHandleHeader:syscalls.FileHandleHeader+n], true)
	if handleBytes > syscalls.FileHandleMax {
		b = append(b, "..."...)
	}
	return b
}

// enterNameToHandleAt prints dirfd, pathname and the handle's
// handle_bytes as given; a handle that cannot be read prints as its
// address, followed by mount_id's address and the flags, the whole call
// (strace decodes nothing at its exit then).
func enterNameToHandleAt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	b = c.args[1](d, b, ev, 1)
	b = d.sep(b)
	entry, _ := handleCopies(ev, 2, true)
	if ev.Args[2] == 0 || entry == nil {
		b = appendPtr(b, ev.Args[2])
		b = d.sep(b)
		b = appendPtr(b, ev.Args[3])
		b = d.sep(b)
		return c.args[4](d, b, ev, 4)
	}
	b = append(b, "{handle_bytes="...)
	return strconv.AppendUint(b, uint64(binary.LittleEndian.Uint32(entry)), 10)
}

// exitNameToHandleAt prints the rest of a handle read at entry: the
// handle_bytes the kernel wrote (" => N" when it changed, also on
// EOVERFLOW), and on success handle_type and f_handle; then mount_id and
// the flags.
func exitNameToHandleAt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	entry, exit := handleCopies(ev, 2, true)
	if ev.Args[2] == 0 || entry == nil {
		return b
	}
	if exit != nil && (!ev.IsError() || ev.Ret == -errEOVERFLOW) {
		hb := binary.LittleEndian.Uint32(exit)
		if hb != binary.LittleEndian.Uint32(entry) {
			b = append(b, " => "...)
			b = strconv.AppendUint(b, uint64(hb), 10)
		}
		if !ev.IsError() {
			b = append(b, ", handle_type="...)
			b = strconv.AppendInt(b, int64(int32(binary.LittleEndian.Uint32(exit[4:]))), 10)
			b = append(b, ", f_handle="...)
			b = d.appendFHandle(b, exit, hb)
		}
	}
	b = append(b, '}')
	b = d.sep(b)
	b = c.args[3](d, b, ev, 3)
	b = d.sep(b)
	return c.args[4](d, b, ev, 4)
}

// enterOpenByHandleAt prints open_by_handle_at whole: mount_fd as a
// plain descriptor (strace's printfd, not AT_FDCWD), the handle read at
// entry, and the flags as open's (tprint_open_modes).
func enterOpenByHandleAt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	h, _ := handleCopies(ev, 1, false)
	if ev.Args[1] == 0 || h == nil {
		b = appendPtr(b, ev.Args[1])
	} else {
		hb := binary.LittleEndian.Uint32(h)
		b = append(b, "{handle_bytes="...)
		b = strconv.AppendUint(b, uint64(hb), 10)
		b = append(b, ", handle_type="...)
		b = strconv.AppendInt(b, int64(int32(binary.LittleEndian.Uint32(h[4:]))), 10)
		b = append(b, ", f_handle="...)
		b = d.appendFHandle(b, h, hb)
		b = append(b, '}')
	}
	b = d.sep(b)
	flags := uint32(ev.Args[2])
	mark := len(b)
	return d.restyle(appendOpenFlags(b, flags, ev.Arch), mark, uint64(flags), numHex)
}
