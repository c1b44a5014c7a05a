package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// fcntl commands whose argument strace prints only at exit (or never).
func fcntlExitCmd(cmd uint32) bool {
	switch cmd {
	case 1, 3, 5, 9, 11, 16, 36, 1025, 1032, 1034, 17: // F_GET*
		return true
	}
	return false
}

func enterFcntl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[1])
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	b = d.enum(b, fcntlCmds, uint64(cmd))
	if fcntlExitCmd(cmd) {
		return b
	}
	b = d.sep(b)
	arg := ev.Args[2]
	switch cmd {
	case 2: // F_SETFD
		return d.flags(b, fdFlags, arg)
	case 8: // F_SETOWN
		return d.appendPid(b, ev, int32(arg), syscalls.PidTgidPgid)
	case 1031, 0, 1030: // F_SETPIPE_SZ, F_DUPFD, F_DUPFD_CLOEXEC
		// The whole register, signed, as strace's PRINT_VAL_D.
		return appendInt(b, int64(arg))
	case 4: // F_SETFL
		mark := len(b)
		return d.restyle(appendOpenFlags(b, uint32(arg), ev.Arch), mark, uint64(uint32(arg)), numHex)
	case 6, 7, 37, 38: // F_SETLK, F_SETLKW, F_OFD_SETLK(W)
		return d.appendFlockArg(b, ev, false)
	case 1026: // F_NOTIFY
		return d.flags(b, notifyFlags, arg)
	case 1024: // F_SETLEASE
		return d.enum(b, lockTypes, arg)
	case 1033: // F_ADD_SEALS
		return d.flags(b, sealFlags, arg)
	case 10: // F_SETSIG
		return d.signal(b, int64(int32(arg)))
	case 15: // F_SETOWN_EX
		return d.appendOwnerEx(b, ev, false)
	}
	return appendHex(b, arg)
}

func (d *Decoder) appendFlockArg(b []byte, ev *trace.Event, withPid bool) []byte {
	addr := ev.Args[2]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, 2)
	if !ok || len(cp.Data) < 32 || (withPid && failed(ev)) {
		return appendPtr(b, addr)
	}
	b = printFlock(d, b, cp.Data, ev)
	if withPid {
		b = b[:len(b)-1]
		b = append(b, ", l_pid="...)
		b = d.appendPid(b, ev, int32(le32(cp.Data, 24)), syscalls.PidTGID)
		b = append(b, '}')
	}
	return b
}

func exitFcntl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	switch uint32(ev.Args[1]) {
	case 5, 36: // F_GETLK, F_OFD_GETLK
		b = d.sep(b)
		return d.appendFlockArg(b, ev, true)
	case 16: // F_GETOWN_EX
		b = d.sep(b)
		return d.appendOwnerEx(b, ev, failed(ev))
	}
	return b
}

var ownerTypes = &xlat{vals: []xv{{0, "F_OWNER_TID"}, {1, "F_OWNER_PID"}, {2, "F_OWNER_PGRP"}}, dflt: "F_OWNER_???"}

// appendOwnerEx prints a struct f_owner_ex argument.
func (d *Decoder) appendOwnerEx(b []byte, ev *trace.Event, asAddr bool) []byte {
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	if addr == 0 || asAddr || !ok || len(cp.Data) < 8 {
		return appendPtr(b, addr)
	}
	b = append(b, "{type="...)
	typ := le32(cp.Data, 0)
	b = d.enum(b, ownerTypes, uint64(typ))
	b = append(b, ", pid="...)
	kind := syscalls.PidNone
	if typ < 3 {
		kind = [...]syscalls.PidKind{syscalls.PidTID, syscalls.PidTGID, syscalls.PidPGID}[typ]
	}
	b = d.appendPid(b, ev, int32(le32(cp.Data, 4)), kind)
	return append(b, '}')
}

func retFcntl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	r := uint64(ev.Ret)
	// note appends strace's explanation of the value: " (flags ...)".
	note := func(b []byte, label string) []byte {
		b = append(b, " ("...)
		return append(b, label...)
	}
	// auxFlags appends the flags of the note as -X asks (strace's
	// sprintflags): the names, the number, or the number with the names
	// in a comment when one matches.
	auxFlags := func(b []byte, label string, x *xlat) []byte {
		b = note(b, label)
		mark := len(b)
		b, _ = appendFlagsOnly(b, x, r)
		return append(d.restyle(b, mark, r, numHex), ')')
	}
	switch uint32(ev.Args[1]) {
	case 1: // F_GETFD
		if r != 0 {
			return auxFlags(appendHex(b, r), "flags ", fdFlags)
		}
	case 3: // F_GETFL
		b = appendHex(b, r)
		return append(appendOpenFlags(note(b, "flags "), uint32(r), ev.Arch), ')')
	case 1025: // F_GETLEASE
		b = appendHex(b, r)
		if s, ok := lockTypes.lookup(r); ok {
			b = append(note(b, s), ')')
		}
		return b
	case 1034: // F_GET_SEALS
		if r != 0 {
			return auxFlags(appendHex(b, r), "seals ", sealFlags)
		}
	case 0, 1030: // F_DUPFD, F_DUPFD_CLOEXEC: a descriptor (-y shows its path)
		return d.appendFD(b, ev, r)
	case 9: // F_GETOWN: a process group when negative
		kind := syscalls.PidTGID
		if int32(r) < 0 {
			kind = syscalls.PidPGID
		}
		return d.appendPid(b, ev, int32(r), kind)
	case 11: // F_GETSIG
		if r != 0 {
			b = appendInt(b, int64(r))
			if s := SignalName(int(r)); s != "" {
				b = append(note(b, s), ')')
			}
			return b
		}
	}
	return appendRetValue(b, c.retType, ev.Ret)
}

// enterSendfile prints sendfile's descriptors and the offset it starts
// at: [N], unsigned.
func enterSendfile(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	b = c.args[1](d, b, ev, 1)
	b = d.sep(b)
	return appendOffsetRef(b, ev, 0)
}

// exitSendfile prints the offset the call moved to, after a transfer,
// and the count.
func exitSendfile(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if cp, ok := capOK(ev, 2); ok && !failed(ev) && ev.Ret != 0 && int(cp.Aux) == 8 && len(cp.Data) >= 16 {
		b = append(b, " => "...)
		b = appendOffsetRef(b, ev, 8)
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[3])
}

// appendOffsetRef prints sendfile's offset from the bytes at off of its
// capture (0: as it was at entry, 8: at exit), or its address.
func appendOffsetRef(b []byte, ev *trace.Event, off int) []byte {
	cp, ok := capOK(ev, 2)
	switch {
	case ev.Args[2] == 0:
		return append(b, "NULL"...)
	case !ok || len(cp.Data) < off+8:
		return appendPtr(b, ev.Args[2])
	}
	b = append(b, '[')
	b = appendUint(b, le64(cp.Data, off))
	return append(b, ']')
}
