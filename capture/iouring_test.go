package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// runUring executes io_uring_register's plan for the call with args at
// when (result -1), with -s limit.
func runUring(mem Memory, args [trace.MaxArgs]uint64, when syscalls.When, limit int) trace.Capture {
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("io_uring_register")
	x := Executor{StringLimit: limit}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x.Run(mem, &tbl.Get(nr).Plan, when, -1, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	return caps[2]
}

// TestUringArrays: the structures of io_uring_register's resource opcodes
// bring, at entry only, their data and tags arrays, at most -s elements,
// and the whole elements before the end of the page when the rest cannot
// be read; other opcodes bring nothing more.
func TestUringArrays(t *testing.T) {
	const base = 0x10000
	mem := &flatMem{base: base, data: make([]byte, 2*4096)}
	le := binary.LittleEndian
	// IORING_REGISTER_FILES2's struct io_uring_rsrc_register: 5 fds at
	// base+0x100, tags at base+0x200.
	le.PutUint32(mem.data[0:], 5)
	le.PutUint64(mem.data[16:], base+0x100)
	le.PutUint64(mem.data[24:], base+0x200)
	for i := range 5 {
		le.PutUint32(mem.data[0x100+4*i:], uint32(i))
		le.PutUint64(mem.data[0x200+8*i:], uint64(0x10+i))
	}
	args := [trace.MaxArgs]uint64{3, 13, base, 32}

	if c := runUring(mem, args, syscalls.AtExit, 32); len(c.Elems) != 0 {
		t.Errorf("exit: %d elems, want none", len(c.Elems))
	}
	c := runUring(mem, args, syscalls.AtEntry, 32)
	if len(c.Elems) != 2 || len(c.Elems[0].Data) != 5*4 || len(c.Elems[1].Data) != 5*8 {
		t.Fatalf("entry: %+v; want 5 fds and 5 tags", c.Elems)
	}
	if got := le.Uint64(c.Elems[1].Data[32:]); got != 0x14 {
		t.Errorf("tag 4 = %#x, want 0x14", got)
	}
	// -s 3: three of each.
	if c := runUring(mem, args, syscalls.AtEntry, 3); len(c.Elems) != 2 || len(c.Elems[0].Data) != 3*4 || len(c.Elems[1].Data) != 3*8 {
		t.Errorf("-s 3: %+v; want 3 fds and 3 tags", c.Elems)
	}

	// IORING_REGISTER_BUFFERS_UPDATE's struct io_uring_rsrc_update2: 3
	// iovecs from 32 bytes before the end of the memory, no tags.
	upd := uint64(base + 0x800)
	le.PutUint64(mem.data[0x800+8:], base+2*4096-32)
	le.PutUint32(mem.data[0x800+24:], 3)
	args = [trace.MaxArgs]uint64{3, 16, upd, 32}
	c = runUring(mem, args, syscalls.AtEntry, 32)
	if len(c.Elems) != 2 || len(c.Elems[0].Data) != 2*16 || c.Elems[0].Faulted || c.Elems[1].Data != nil {
		t.Errorf("iovecs to the end of the page: %+v; want 2 iovecs, no tags", c.Elems)
	}

	// IORING_REGISTER_FILES_UPDATE counts its fds with nr_args.
	le.PutUint64(mem.data[0x900+8:], base+0x100)
	args = [trace.MaxArgs]uint64{3, 6, base + 0x900, 4}
	if c := runUring(mem, args, syscalls.AtEntry, 32); len(c.Elems) != 1 || len(c.Elems[0].Data) != 4*4 {
		t.Errorf("files update: %+v; want 4 fds", c.Elems)
	}

	args[1] = 2 // IORING_REGISTER_FILES: the argument is the array itself
	if c := runUring(mem, args, syscalls.AtEntry, 32); len(c.Elems) != 0 {
		t.Errorf("IORING_REGISTER_FILES: %d elems, want none", len(c.Elems))
	}
}
