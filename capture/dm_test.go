package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestDMPayload: under -v a device mapper request's capture brings its
// payload, the bytes from the struct's end to its data_size (those before
// the end of the page when the rest cannot be read), at entry and at exit;
// without -v, or with no payload, none.
func TestDMPayload(t *testing.T) {
	const base = 0x1000
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("ioctl")
	run := func(x Executor, addr uint64, size uint32) (entry, exit trace.Capture) {
		flat := &flatMem{base: base, data: make([]byte, 4096)}
		binary.LittleEndian.PutUint32(flat.data[addr-base+syscalls.DMDataSizeOff:], size)
		args := [trace.MaxArgs]uint64{3, syscalls.IoctlDMBase + 2, addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		x.Run(flat, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
		entry = caps[2]
		x.Run(flat, &tbl.Get(nr).Plan, syscalls.AtExit, 0, call)
		return entry, caps[2]
	}
	verbose := Executor{StringLimit: 32, Verbose: true}
	entry, exit := run(verbose, base, 400)
	if len(entry.Data) != syscalls.DMIoctlSize || len(entry.Elems) != 1 || len(entry.Elems[0].Data) != 400-syscalls.DMIoctlSize {
		t.Errorf("-v entry: %d bytes, %d objects; want the struct and its 88-byte payload", len(entry.Data), len(entry.Elems))
	}
	// The exit keeps the entry's capture after its own (IoctlKeepEntry).
	if len(exit.Elems) != 2 || len(exit.Elems[0].Data) != 400-syscalls.DMIoctlSize || len(exit.Elems[1].Elems) != 1 {
		t.Errorf("-v exit: %d objects; want the payload, then the entry's capture", len(exit.Elems))
	}
	// The struct ends 100 bytes before the memory does.
	if entry, _ := run(verbose, base+4096-syscalls.DMIoctlSize-100, 1000); len(entry.Elems) != 1 || len(entry.Elems[0].Data) != 100 || entry.Elems[0].Faulted {
		t.Errorf("-v at the memory's end: %+v; want the 100 bytes before it", entry.Elems)
	}
	for name, c := range map[string]trace.Capture{
		"without -v": func() trace.Capture { e, _ := run(Executor{StringLimit: 32}, base, 400); return e }(),
		"no payload": func() trace.Capture { e, _ := run(verbose, base, syscalls.DMIoctlSize); return e }(),
	} {
		if len(c.Data) != syscalls.DMIoctlSize || c.Elems != nil {
			t.Errorf("%s: %d bytes, objects %+v; want the struct alone", name, len(c.Data), c.Elems)
		}
	}
}
