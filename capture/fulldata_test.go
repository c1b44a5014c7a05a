package capture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// flatMem is a tracee memory of one region starting at base.
type flatMem struct {
	base uint64
	data []byte
}

var errFault = errors.New("fault")

func (m *flatMem) Read(addr uint64, buf []byte) error {
	if addr < m.base || addr-m.base+uint64(len(buf)) > uint64(len(m.data)) {
		return errFault
	}
	copy(buf, m.data[addr-m.base:])
	return nil
}

func (m *flatMem) ReadCString(addr uint64, max int, dst []byte) ([]byte, bool, StringFault) {
	var scratch []byte
	return ReadCString(m.Read, addr, max, dst, &scratch)
}

func (m *flatMem) ReadPointers(addr uint64, keep, limit int) ([]uint64, int, bool) {
	return nil, 0, true
}

// TestFullData: a dumped call's data (-e read=/write=) is captured whole,
// past the string limit and the -s count of iovec elements.
func TestFullData(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	for i := range mem.data {
		mem.data[i] = byte(i)
	}
	// An iovec array at base+2048 naming three 100-byte buffers.
	for k := 0; k < 3; k++ {
		binary.LittleEndian.PutUint64(mem.data[2048+16*k:], base+uint64(100*k))
		binary.LittleEndian.PutUint64(mem.data[2048+16*k+8:], 100)
	}
	tbl := syscalls.X86_64
	for _, full := range []bool{false, true} {
		x := Executor{StringLimit: 2, FullData: full}

		nr, _ := tbl.Lookup("write")
		args := [trace.MaxArgs]uint64{1, base, 300}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		want := 3 // -s 2, and one byte more to tell a longer buffer
		if full {
			want = 300
		}
		if got := len(caps[1].Data); got != want || !bytes.Equal(caps[1].Data, mem.data[:got]) {
			t.Errorf("write, full=%v: captured %d bytes, want %d", full, got, want)
		}

		nr, _ = tbl.Lookup("writev")
		args = [trace.MaxArgs]uint64{1, base + 2048, 3}
		caps = [trace.MaxArgs]trace.Capture{}
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		wantElems, wantLen := 2, 3
		if full {
			wantElems, wantLen = 3, 100
		}
		if got := len(caps[1].Elems); got != wantElems {
			t.Fatalf("writev, full=%v: %d elements, want %d", full, got, wantElems)
		}
		if got := len(caps[1].Elems[1].Data); got != wantLen {
			t.Errorf("writev, full=%v: element of %d bytes, want %d", full, got, wantLen)
		}
	}
}

// TestDumpChunks: a dumped buffer larger than DumpChunk is read in
// DumpChunk pieces up to the first that faults, and says how large that
// one was; one that faults at once is Faulted.
func TestDumpChunks(t *testing.T) {
	const base = 0x100000
	mem := &flatMem{base: base, data: make([]byte, 2*DumpChunk+100)}
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("write")
	x := Executor{StringLimit: 32, FullData: true}
	for _, tc := range []struct {
		addr, count uint64
		got, aux    int
		faulted     bool
	}{
		{base, 2*DumpChunk + 100, 2*DumpChunk + 100, 0, false}, // all readable
		{base, 2*DumpChunk + 101, 2 * DumpChunk, 101, false},   // the last piece is one byte short
		{base, 3*DumpChunk + 5, 2 * DumpChunk, DumpChunk, false},
		{base + 100, 3 * DumpChunk, 2 * DumpChunk, DumpChunk, false},
		{base - 1, DumpChunk + 1, 0, 0, true},
	} {
		args := [trace.MaxArgs]uint64{1, tc.addr, tc.count}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		c := caps[1]
		if len(c.Data) != tc.got || c.Faulted != tc.faulted || (tc.aux != 0 && (c.Aux != uint64(tc.aux) || !c.Truncated)) {
			t.Errorf("write(%#x, %d): %d bytes, Aux %d, truncated %v, faulted %v; want %d bytes, Aux %d, faulted %v",
				tc.addr, tc.count, len(c.Data), c.Aux, c.Truncated, c.Faulted, tc.got, tc.aux, tc.faulted)
		}
	}
}

// TestPtrLen: pselect6's {sigset pointer, size} pair is copied with the
// set when the size is one the kernel takes, and without it otherwise.
func TestPtrLen(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 64)}
	binary.LittleEndian.PutUint64(mem.data[32:], 0x4001) // SIGHUP, SIGCHLD
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("pselect6")
	x := Executor{StringLimit: 32}
	for _, tc := range []struct {
		ptr, size uint64
		elems     int
		faulted   bool
	}{
		{base + 32, 8, 1, false},
		{base + 32, 9, 0, false},
		{0, 8, 0, false},
		{base + 60, 8, 1, true},
	} {
		binary.LittleEndian.PutUint64(mem.data[0:], tc.ptr)
		binary.LittleEndian.PutUint64(mem.data[8:], tc.size)
		args := [trace.MaxArgs]uint64{0, 0, 0, 0, 0, base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		c := caps[5]
		if len(c.Data) != syscalls.PtrLenSize || len(c.Elems) != tc.elems || (tc.elems == 1 && c.Elems[0].Faulted != tc.faulted) {
			t.Errorf("pair {%#x, %d}: captured %+v", tc.ptr, tc.size, c)
		}
		if tc.elems == 1 && !tc.faulted && binary.LittleEndian.Uint64(c.Elems[0].Data) != 0x4001 {
			t.Errorf("pair {%#x, %d}: set %x", tc.ptr, tc.size, c.Elems[0].Data)
		}
	}
}
