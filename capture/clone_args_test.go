package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestCloneArgs: clone3's struct clone_args brings its set_tid array at
// entry (the ints before the end of the page when the rest cannot be
// read) and, at a successful exit, the struct again with the int its
// parent_tid points to, keeping the entry copy.
func TestCloneArgs(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	le.PutUint64(mem.data, syscalls.CloneFlagParentSettid)
	le.PutUint64(mem.data[syscalls.CloneParentTidOff:], base+256)
	le.PutUint32(mem.data[256:], 77)
	le.PutUint64(mem.data[syscalls.CloneSetTidOff:], base+4096-8) // 2 of 3 readable
	le.PutUint64(mem.data[syscalls.CloneSetTidSizeOff:], 3)
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("clone3")
	x := Executor{StringLimit: 32}
	args := [trace.MaxArgs]uint64{base, 88}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
	x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
	c := caps[0]
	if len(c.Data) != 88 || len(c.Elems) != 2 || len(c.Elems[syscalls.CloneSetTid].Data) != 8 {
		t.Fatalf("entry: %d bytes, elems %+v", len(c.Data), c.Elems)
	}
	x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, 5, call)
	c = caps[0]
	if len(c.Data) != 88 || len(c.Elems) != 3 {
		t.Fatalf("exit: %d bytes, %d elems", len(c.Data), len(c.Elems))
	}
	ex := c.Elems[syscalls.CloneExit]
	if len(ex.Data) != 88 || len(ex.Elems) != 3 || le.Uint32(ex.Elems[syscalls.CloneParentTid].Data) != 77 || ex.Elems[syscalls.ClonePidfd].Present() {
		t.Fatalf("exit capture %+v", ex)
	}
}
