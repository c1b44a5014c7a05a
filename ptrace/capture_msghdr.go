package ptrace

import (
	"encoding/binary"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Offsets of the fields of a 64-bit struct msghdr.
const (
	msgNameOff       = 0
	msgNamelenOff    = 8
	msgIovOff        = 16
	msgIovlenOff     = 24
	msgControlOff    = 32
	msgControllenOff = 40
)

// captureMsghdr executes a CaptureMsghdr plan for argument i: the header,
// then (unless this is the header-only entry capture of an exit plan, or
// the call failed) its name, iovecs and control buffer. The shape of the
// result is documented at syscalls.CaptureMsghdr.
func (tr *tracer) captureMsghdr(tk *task, i int, addr uint64, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	atExit := when == syscalls.AtExit
	var entryNamelen uint64
	if atExit {
		// The entry capture is still in tk.caps[i]; its memory may be
		// reused below, so read it first.
		if d := tk.caps[i].Data; len(d) >= syscalls.MsghdrSize {
			entryNamelen = uint64(binary.LittleEndian.Uint32(d[msgNamelenOff:]))
		}
	}
	hdr := sized(tk.bufs[i], syscalls.MsghdrSize)
	if err := tr.mem.read(tk.tid, addr, hdr); err != nil {
		return trace.Capture{Faulted: true}
	}
	c := trace.Capture{Data: hdr, Aux: entryNamelen}
	if (!atExit && p.When&syscalls.AtExit != 0) || (atExit && ret < 0) {
		return c
	}
	c.Elems = make([]trace.Capture, 3)
	le := binary.LittleEndian
	if name, n := le.Uint64(hdr[msgNameOff:]), int32(le.Uint32(hdr[msgNamelenOff:])); name != 0 && n > 0 {
		c.Elems[syscalls.MsgName] = tr.readObject(tk.tid, name, uint64(n), syscalls.MsgNameMax)
	}
	if iov := le.Uint64(hdr[msgIovOff:]); iov != 0 {
		c.Elems[syscalls.MsgIov] = tr.readIovec(tk.tid, iov, le.Uint64(hdr[msgIovlenOff:]), atExit, ret)
	}
	if ctl, n := le.Uint64(hdr[msgControlOff:]), le.Uint64(hdr[msgControllenOff:]); ctl != 0 && n > 0 {
		c.Elems[syscalls.MsgControl] = tr.readObject(tk.tid, ctl, n, syscalls.MsgControlMax)
	}
	return c
}

// readObject copies min(n, limit) bytes at addr into fresh memory;
// Truncated says n was larger.
func (tr *tracer) readObject(tid int, addr, n, limit uint64) trace.Capture {
	take := min(n, limit)
	data := make([]byte, take)
	if err := tr.mem.read(tid, addr, data); err != nil {
		return trace.Capture{Faulted: true}
	}
	return trace.Capture{Data: data, Truncated: n > take}
}
