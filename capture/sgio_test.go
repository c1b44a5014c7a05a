package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestSGIOCapture: SG_IO's struct brings the objects strace prints
// (syscalls.SGIOObjects): for a struct sg_io_hdr the command and the data
// sent at entry (bytes, or iovecs with dxfer_len bytes in all), the data
// received (less the residue) and the sense buffer at exit; for a struct
// sg_io_v4 the request and the data sent, then the response and the data
// received. The exit's keeps the entry's. A struct cut short by an
// unreadable page, or of neither version, brings none.
func TestSGIOCapture(t *testing.T) {
	const base = 0x1000
	le := binary.LittleEndian
	plans := [trace.MaxArgs]syscalls.Plan{2: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenIoctl, LenArg: 1, Size: syscalls.IoctlArgMax}}
	run := func(mem *flatMem, addr uint64, exit func()) (entry, out trace.Capture) {
		args := [trace.MaxArgs]uint64{1: syscalls.IoctlSGIO, 2: addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		c := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		x := Executor{StringLimit: 32}
		x.Run(mem, &plans, syscalls.AtEntry, 0, c)
		entry = caps[2]
		entry.Data = append([]byte(nil), entry.Data...)
		exit()
		x.Run(mem, &plans, syscalls.AtExit, -9, c)
		return entry, caps[2]
	}
	str := func(c trace.Capture) string { return string(c.Data) }

	// A struct sg_io_hdr sending and receiving through two iovecs.
	mem := &flatMem{base: base, data: make([]byte, 8192)}
	h := mem.data[0:]
	le.PutUint32(h, syscalls.SGIOV3ID)
	le.PutUint32(h[syscalls.SGIOV3Dir:], uint32(0xfffffffc)) // SG_DXFER_TO_FROM_DEV
	h[syscalls.SGIOV3CmdLen] = 3
	le.PutUint64(h[syscalls.SGIOV3Cmdp:], base+0x800)
	copy(mem.data[0x800:], "cmd")
	le.PutUint16(h[syscalls.SGIOV3IovCount:], 2)
	le.PutUint32(h[syscalls.SGIOV3DxferLen:], 5)
	le.PutUint64(h[syscalls.SGIOV3Dxferp:], base+0x900)
	le.PutUint64(mem.data[0x900:], base+0xa00)
	le.PutUint64(mem.data[0x908:], 2)
	le.PutUint64(mem.data[0x910:], base+0xa10)
	le.PutUint64(mem.data[0x918:], 4)
	copy(mem.data[0xa00:], "ab")
	copy(mem.data[0xa10:], "cdef")
	le.PutUint64(h[syscalls.SGIOV3Sbp:], base+0xb00)
	copy(mem.data[0xb00:], "sense")
	entry, out := run(mem, base, func() {
		le.PutUint32(h[syscalls.SGIOV3Resid:], 1)
		h[syscalls.SGIOV3SbLenWr] = 2
	})
	if len(entry.Elems) != 2 || str(entry.Elems[0]) != "cmd" || len(entry.Elems[1].Elems) != 2 ||
		str(entry.Elems[1].Elems[0]) != "ab" || str(entry.Elems[1].Elems[1]) != "cde" {
		t.Errorf("version 3, entry: %+v", entry.Elems)
	}
	if len(out.Elems) != 3 || len(out.Elems[0].Elems) != 2 || str(out.Elems[0].Elems[1]) != "cd" || str(out.Elems[1]) != "se" ||
		le.Uint32(out.Elems[2].Data[syscalls.SGIOV3Resid:]) != 0 {
		t.Errorf("version 3, exit: %+v", out.Elems)
	}

	// Receiving only: nothing sent at entry.
	le.PutUint32(h[syscalls.SGIOV3Dir:], uint32(0xfffffffd)) // SG_DXFER_FROM_DEV
	le.PutUint32(h[syscalls.SGIOV3Resid:], 0)
	if entry, _ := run(mem, base, func() {}); len(entry.Elems) != 2 || entry.Elems[1].Present() {
		t.Errorf("version 3 from the device, entry: %+v", entry.Elems)
	}

	// A struct sg_io_v4 with bytes each way; all of the data received
	// is residue.
	mem = &flatMem{base: base, data: make([]byte, 8192)}
	h = mem.data[0:]
	le.PutUint32(h, syscalls.SGIOV4ID)
	le.PutUint32(h[syscalls.SGIOV4RequestLen:], 2)
	le.PutUint64(h[syscalls.SGIOV4Request:], base+0x800)
	copy(mem.data[0x800:], "rq")
	le.PutUint32(h[syscalls.SGIOV4DoutXferLen:], 3)
	le.PutUint64(h[syscalls.SGIOV4DoutXferp:], base+0x900)
	copy(mem.data[0x900:], "out")
	le.PutUint64(h[syscalls.SGIOV4Response:], base+0xa00)
	copy(mem.data[0xa00:], "resp")
	le.PutUint32(h[syscalls.SGIOV4DinXferLen:], 4)
	le.PutUint64(h[syscalls.SGIOV4DinXferp:], base+0xb00)
	entry, out = run(mem, base, func() {
		le.PutUint32(h[syscalls.SGIOV4ResponseLen:], 1)
		le.PutUint32(h[syscalls.SGIOV4DinResid:], 4)
	})
	if len(entry.Elems) != 2 || str(entry.Elems[0]) != "rq" || str(entry.Elems[1]) != "out" {
		t.Errorf("version 4, entry: %+v", entry.Elems)
	}
	if len(out.Elems) != 3 || str(out.Elems[0]) != "r" || out.Elems[1].Present() {
		t.Errorf("version 4, exit: %+v", out.Elems)
	}

	// Cut short by the end of the memory, or of neither version.
	mem = &flatMem{base: base, data: make([]byte, 8192)}
	cut := uint64(base + 8192 - 40)
	le.PutUint32(mem.data[8192-40:], syscalls.SGIOV3ID)
	if entry, out := run(mem, cut, func() {}); len(entry.Data) != 40 || entry.Elems != nil || len(out.Elems) != 1 {
		t.Errorf("cut short: %d bytes, entry elems %d, exit elems %d", len(entry.Data), len(entry.Elems), len(out.Elems))
	}
	le.PutUint32(mem.data, 0xdeadbeef)
	if entry, _ := run(mem, base, func() {}); len(entry.Data) != syscalls.SGIOV4Size || entry.Elems != nil {
		t.Errorf("another interface: %d bytes, %d elems", len(entry.Data), len(entry.Elems))
	}
}
