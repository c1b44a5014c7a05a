package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// PidDecode is the --decode-pids setting (-Y, --pidns-translation): what
// is shown beside a process id.
type PidDecode uint8

// What --decode-pids=SET selects.
const (
	// PidComm shows a thread's or process's command name: 1234<sh>.
	PidComm PidDecode = 1 << iota
	// PidNS shows an id of the caller's PID namespace as sctrace's PID
	// namespace sees it, when that differs: 5 /* 1234 in strace's PID NS */.
	PidNS
)

// PidResolver answers the questions --decode-pids asks. Implementations
// read /proc; the decoder calls them from its one goroutine.
type PidResolver interface {
	// Translate returns id, of kind kind as thread tid (an id of
	// sctrace's namespace) sees it, in sctrace's PID namespace; 0 when
	// no process has it.
	Translate(tid int32, id int, kind syscalls.PidKind) int
	// Comm returns the command name of process or thread pid of
	// sctrace's namespace.
	Comm(pid int) (string, bool)
}

// appendPid prints v, a process id of kind kind as thread ev.TID sees it,
// as strace's printpid: the number, then what --decode-pids asks for.
func (d *Decoder) appendPid(b []byte, ev *trace.Event, v int32, kind syscalls.PidKind) []byte {
	if d.opts.DecodePids == 0 || d.opts.Pids == nil {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return d.appendPidOf(b, ev.TID, v, kind.Resolve(&ev.Args))
}

// appendPidField prints v, a process id of kind kind held in a structure
// of the event being formatted (si_pid, a struct ucred's pid).
func (d *Decoder) appendPidField(b []byte, v int32, kind syscalls.PidKind) []byte {
	return d.appendPidOf(b, d.tid, v, kind)
}

// appendPidOf prints v, a process id of kind kind as thread tid sees it.
func (d *Decoder) appendPidOf(b []byte, tid int32, v int32, kind syscalls.PidKind) []byte {
	b = strconv.AppendInt(b, int64(v), 10)
	if d.opts.DecodePids == 0 || d.opts.Pids == nil {
		return b
	}
	if kind == syscalls.PidTgidPgid {
		switch {
		case v > 0:
			kind = syscalls.PidTGID
		case v < -1:
			kind, v = syscalls.PidPGID, -v
		default:
			return b
		}
	}
	if v <= 0 || kind == syscalls.PidNone {
		return b
	}
	comm := d.opts.DecodePids&PidComm != 0 && (kind == syscalls.PidTID || kind == syscalls.PidTGID)
	ns := d.opts.DecodePids&PidNS != 0
	if !comm && !ns {
		return b
	}
	ours := d.opts.Pids.Translate(tid, int(v), kind)
	if ours == 0 {
		return b
	}
	if comm {
		if name, ok := d.opts.Pids.Comm(ours); ok && name != "" {
			b = append(b, '<')
			b = d.appendAngled(b, []byte(name))
			b = append(b, '>')
		}
	}
	if ns && ours != int(v) {
		b = append(b, " /* "...)
		b = strconv.AppendInt(b, int64(ours), 10)
		b = append(b, " in strace's PID NS */"...)
	}
	return b
}

// pidArg returns the printer of argument i, a process id of kind k.
func pidArg(k syscalls.PidKind) argFn {
	return func(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
		return d.appendPid(b, ev, int32(ev.Args[i]), k)
	}
}

// AppendAngled appends s as strace prints a name inside "<...>" (a -y
// path, a -Y command name) under the -x setting hex.
func AppendAngled(b []byte, s []byte, hex HexMode) []byte {
	d := Decoder{opts: Options{Hex: hex}}
	return d.appendAngled(b, s)
}
