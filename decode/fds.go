package decode

import (
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/trace"
)

// FDDecode is the -y / -yy / --decode-fds setting: what is shown beside a
// file descriptor.
type FDDecode uint8

// What --decode-fds=SET selects; -y is FDPath, -yy all of them.
const (
	// FDPath shows the file a descriptor refers to: 3</etc/hostname>.
	FDPath FDDecode = 1 << iota
	// FDSocket shows a socket's endpoints: 5<TCP:[127.0.0.1:80->...]>.
	FDSocket
	// FDDev shows a device's numbers: 1</dev/null<char 1:3>>.
	FDDev
	// FDPidfd shows the process a pidfd refers to: 4<pid:1234>.
	FDPidfd
	// FDAll is -yy.
	FDAll = FDPath | FDSocket | FDDev | FDPidfd
)

// FDResolver tells what a traced process's file descriptors refer to. The
// decoder asks it when -y or -yy is on; it never reads a process itself.
// Package fdpath implements it for both backends.
type FDResolver interface {
	// FDPath returns what descriptor fd of thread tid refers to, as
	// /proc/TID/fd/FD names it ("/etc/hostname", "socket:[123]",
	// "pipe:[45]", "anon_inode:[eventfd]"), and whether the file was
	// deleted (the kernel's " (deleted)" mark removed).
	FDPath(tid, fd int32) (path string, deleted, ok bool)
	// Cwd returns the working directory of thread tid (AT_FDCWD</root>).
	Cwd(tid int32) (string, bool)
	// Socket returns -yy's description of the socket fd of the thread of
	// ev, whose inode is inode, as the call ev reports found or left it:
	// "TCP:[127.0.0.1:80->127.0.0.1:41234]".
	Socket(ev *trace.Event, fd int32, inode uint64) (string, bool)
	// Device returns "char 1:3" or "block 8:0" when path is a device.
	Device(path string) (string, bool)
	// PidfdPID returns the process the pidfd fd of thread tid refers to.
	PidfdPID(tid, fd int32) (int, bool)
	// NetlinkFamily tells whether descriptor fd of the thread of ev is a
	// netlink socket (ok) and, when sock_diag lists it, its protocol
	// (NETLINK_ROUTE...), or -1; the decoder asks it for the calls whose
	// data it shows as netlink messages, with or without -y.
	NetlinkFamily(ev *trace.Event, fd int32) (family int, ok bool)
}

// appendFD prints a file descriptor argument or result: the number, and
// under -y/-yy what it refers to, as strace's printfd.
func (d *Decoder) appendFD(b []byte, ev *trace.Event, v uint64) []byte {
	b = strconv.AppendInt(b, int64(int32(v)), 10)
	if d.opts.DecodeFDs != 0 {
		b = d.appendFDInfo(b, ev, int32(v))
	}
	return b
}

// appendFDInfo appends "<...>" for descriptor fd of ev's thread.
func (d *Decoder) appendFDInfo(b []byte, ev *trace.Event, fd int32) []byte {
	tid := ev.TID
	if d.opts.FDs == nil || fd < 0 {
		return b
	}
	path, deleted, ok := d.opts.FDs.FDPath(tid, fd)
	if !ok {
		return b
	}
	if d.opts.DecodeFDs&FDSocket != 0 {
		if inode, ok := socketInode(path); ok {
			b = append(b, '<')
			if s, ok := d.opts.FDs.Socket(ev, fd, inode); ok {
				b = append(b, s...)
			} else {
				b = append(b, path...)
			}
			return append(b, '>')
		}
	}
	if d.opts.DecodeFDs&FDDev != 0 {
		if dev, ok := d.opts.FDs.Device(path); ok {
			b = append(b, '<')
			b = d.appendAngled(b, []byte(path))
			b = append(b, '<')
			b = append(b, dev...)
			return append(b, ">>"...)
		}
	}
	if d.opts.DecodeFDs&FDPidfd != 0 && path == "anon_inode:[pidfd]" {
		b = append(b, '<')
		if pid, ok := d.opts.FDs.PidfdPID(tid, fd); ok {
			b = append(b, "pid:"...)
			b = strconv.AppendInt(b, int64(pid), 10)
		} else {
			b = append(b, path...)
		}
		return append(b, '>')
	}
	if d.opts.DecodeFDs&FDPath != 0 {
		b = append(b, '<')
		b = d.appendAngled(b, []byte(path))
		b = append(b, '>')
		if deleted {
			b = append(b, "(deleted)"...)
		}
	}
	return b
}

// appendDirFDArg prints a directory descriptor argument: AT_FDCWD (with the
// working directory under -y) or a descriptor.
func (d *Decoder) appendDirFDArg(b []byte, ev *trace.Event, v uint64) []byte {
	if int32(v) != -100 {
		return d.appendFD(b, ev, v)
	}
	mark := len(b)
	b = d.restyle(append(b, "AT_FDCWD"...), mark, v|^uint64(0xffffffff), numDecimal)
	if d.opts.DecodeFDs&FDPath == 0 || d.opts.FDs == nil {
		return b
	}
	if cwd, ok := d.opts.FDs.Cwd(ev.TID); ok {
		b = append(b, '<')
		b = d.appendAngled(b, []byte(cwd))
		b = append(b, '>')
	}
	return b
}

// socketInode returns the inode of a "socket:[INODE]" link target.
func socketInode(path string) (uint64, bool) {
	rest, ok := strings.CutPrefix(path, "socket:[")
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, "]")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(rest, 10, 64)
	if err != nil || n == 0 {
		return 0, false
	}
	return n, true
}
