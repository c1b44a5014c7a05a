package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestBtrfsSearchBuffer: under -v, a successful BTRFS_IOC_TREE_SEARCH_V2's
// exit capture holds the rest of its buffer past the page read with its
// struct (syscalls.IoctlBtrfsSearchV2), up to the memory's end; without
// -v, at entry or for a failed call, nothing more.
func TestBtrfsSearchBuffer(t *testing.T) {
	const base = 0x1000
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("ioctl")
	run := func(x Executor, memSize int, bufSize uint64, when syscalls.When, ret int64) trace.Capture {
		flat := &flatMem{base: base, data: make([]byte, memSize)}
		binary.LittleEndian.PutUint64(flat.data[syscalls.BtrfsSearchBufSizeOff:], bufSize)
		args := [trace.MaxArgs]uint64{3, syscalls.IoctlBtrfsSearchV2, base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(flat, &tbl.Get(nr).Plan, when, ret, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		return caps[2]
	}
	verbose := Executor{StringLimit: 32, Verbose: true}
	for _, c := range []struct {
		name       string
		x          Executor
		memSize    int
		bufSize    uint64
		when       syscalls.When
		ret        int64
		tail       int // -1: no Elem
		tailFaults bool
	}{
		{"whole buffer", verbose, 16384, 8192, syscalls.AtExit, 0, syscalls.BtrfsSearchV2Size + 8192 - syscalls.IoctlArgMax, false},
		{"buffer to the memory's end", verbose, 8192, 16384, syscalls.AtExit, 0, 8192 - syscalls.IoctlArgMax, false},
		{"buffer past readable memory", verbose, syscalls.IoctlArgMax, 8192, syscalls.AtExit, 0, 0, true},
		{"capped", verbose, 1 << 17, 1 << 20, syscalls.AtExit, 0, syscalls.BtrfsSearchMax - syscalls.IoctlArgMax, false},
		{"buffer within the page", verbose, 8192, 1000, syscalls.AtExit, 0, -1, false},
		{"without -v", Executor{StringLimit: 32}, 16384, 8192, syscalls.AtExit, 0, -1, false},
		{"failed", verbose, 16384, 8192, syscalls.AtExit, -75, -1, false},
		{"at entry", verbose, 16384, 8192, syscalls.AtEntry, 0, -1, false},
	} {
		got := run(c.x, c.memSize, c.bufSize, c.when, c.ret)
		if len(got.Data) != syscalls.IoctlArgMax {
			t.Errorf("%s: %d bytes of the struct; want %d", c.name, len(got.Data), syscalls.IoctlArgMax)
		}
		switch {
		case c.tail < 0 && len(got.Elems) != 0:
			t.Errorf("%s: %d objects; want none", c.name, len(got.Elems))
		case c.tail >= 0 && (len(got.Elems) != 1 || len(got.Elems[0].Data) != c.tail || got.Elems[0].Faulted != c.tailFaults):
			t.Errorf("%s: objects %d; want the buffer's %d bytes past the page", c.name, len(got.Elems), c.tail)
		}
	}
}
