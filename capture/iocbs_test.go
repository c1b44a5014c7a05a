package capture

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// layoutMem lays out a call's objects in a flatMem: the first 256 bytes
// for the test to fill, then objects placed by put.
type layoutMem struct {
	flatMem
	next uint64
}

func newLayoutMem(base uint64, size int) *layoutMem {
	return &layoutMem{flatMem: flatMem{base: base, data: make([]byte, size)}, next: base + 256}
}

// put stores b at the next free address and returns that address.
func (m *layoutMem) put(b []byte) uint64 {
	at := m.next
	copy(m.data[at-m.base:], b)
	m.next += uint64(len(b)+15) &^ 15
	return at
}

// iocb returns a struct iocb of opcode op whose aio_buf and aio_nbytes
// are buf and n.
func iocb(op uint16, buf, n uint64) []byte {
	cb := make([]byte, syscalls.IocbSize)
	binary.LittleEndian.PutUint64(cb, 0xfeed)
	binary.LittleEndian.PutUint16(cb[syscalls.IocbOpcodeOff:], op)
	binary.LittleEndian.PutUint64(cb[syscalls.IocbBufOff:], buf)
	binary.LittleEndian.PutUint64(cb[syscalls.IocbNbytesOff:], n)
	return cb
}

// TestIocbs: io_submit's pointers are followed to each struct iocb, and
// a valid iocb's aio_buf to the bytes a write writes (at most the string
// limit and one byte) or to the iovecs of a vectored write (with their
// bytes) or read (without); nothing is followed for a NULL or unreadable
// pointer, an invalid iocb or a count that is not positive, and no more
// iocbs than the string limit unless verbose, also when the array runs
// into unreadable memory.
func TestIocbs(t *testing.T) {
	const base = 0x10000
	mem := newLayoutMem(base, 6144)
	text := mem.put([]byte("0123456789abcdefghij"))
	iov := make([]byte, 2*IovecSize)
	binary.LittleEndian.PutUint64(iov[0:], text)
	binary.LittleEndian.PutUint64(iov[8:], 4)
	binary.LittleEndian.PutUint64(iov[16:], text+10)
	binary.LittleEndian.PutUint64(iov[24:], 3)
	iovs := mem.put(iov)
	ptrs := []uint64{
		mem.put(iocb(syscalls.IocbCmdPwrite, text, 20)),    // 0: 9 bytes at -s8
		mem.put(iocb(syscalls.IocbCmdPwrite, text, 5)),     // 1: 5 bytes
		mem.put(iocb(0, text, 20)),                         // 2: a read: no buffer
		mem.put(iocb(syscalls.IocbCmdPwritev, iovs, 2)),    // 3: iovecs and bytes
		mem.put(iocb(syscalls.IocbCmdPreadv, iovs, 2)),     // 4: iovecs alone
		mem.put(iocb(syscalls.IocbCmdPwrite, text, 1<<63)), // 5: invalid
		0,               // 6: NULL
		base + 6144 - 8, // 7: unreadable
		mem.put(iocb(syscalls.IocbCmdPwrite, 0, 4)), // 8: past -s8
	}
	for j, p := range ptrs {
		binary.LittleEndian.PutUint64(mem.data[j*8:], p)
	}
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("io_submit")
	run := func(x Executor, count uint64) trace.Capture {
		args := [trace.MaxArgs]uint64{1, count, base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x.Run(&mem.flatMem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		return caps[2]
	}

	c := run(Executor{StringLimit: 8}, uint64(len(ptrs)))
	if len(c.Data) != 8*len(ptrs) || len(c.Elems) != 8 {
		t.Fatalf("-s8: %d bytes of pointers, %d iocbs; want %d and 8", len(c.Data), len(c.Elems), 8*len(ptrs))
	}
	for j, e := range c.Elems {
		switch j {
		case 6:
			if e.Data != nil || e.Faulted {
				t.Errorf("iocb %d (NULL): %+v", j, e)
			}
			continue
		case 7:
			if !e.Faulted {
				t.Errorf("iocb %d (unreadable): %+v", j, e)
			}
			continue
		}
		if len(e.Data) != syscalls.IocbSize || binary.LittleEndian.Uint64(e.Data) != 0xfeed {
			t.Errorf("iocb %d: %x", j, e.Data)
			continue
		}
		want := map[int]int{0: 1, 1: 1, 3: 1, 4: 1}[j]
		if len(e.Elems) != want {
			t.Errorf("iocb %d: %d captures of aio_buf, want %d", j, len(e.Elems), want)
		}
	}
	if e := c.Elems[0].Elems[0]; string(e.Data) != "012345678" || !e.Truncated {
		t.Errorf("write of 20 bytes at -s8: %q, truncated %v", e.Data, e.Truncated)
	}
	if e := c.Elems[1].Elems[0]; string(e.Data) != "01234" || e.Truncated {
		t.Errorf("write of 5 bytes: %q, truncated %v", e.Data, e.Truncated)
	}
	if e := c.Elems[3].Elems[0]; len(e.Data) != 2*IovecSize || len(e.Elems) != 2 ||
		string(e.Elems[0].Data) != "0123" || string(e.Elems[1].Data) != "abc" {
		t.Errorf("vectored write: %+v", e)
	}
	if e := c.Elems[4].Elems[0]; len(e.Data) != 2*IovecSize || e.Elems != nil {
		t.Errorf("vectored read: %+v", e)
	}

	if c := run(Executor{StringLimit: 8, Verbose: true}, uint64(len(ptrs))); len(c.Elems) != len(ptrs) ||
		c.Elems[8].Data == nil || c.Elems[8].Elems != nil {
		t.Errorf("-v: %d iocbs, the last %+v", len(c.Elems), c.Elems[len(c.Elems)-1])
	}
	// An array that runs into unreadable memory: the pointers before
	// the end of its page, and their iocbs.
	if c := run(Executor{StringLimit: 8}, 1000); len(c.Data) != PageSize || !c.Truncated || len(c.Elems) != 8 ||
		len(c.Elems[0].Elems) != 1 {
		t.Errorf("1000 pointers: %d bytes, truncated %v, %d iocbs", len(c.Data), c.Truncated, len(c.Elems))
	}
	for _, count := range []uint64{0, 1 << 63} {
		if c := run(Executor{StringLimit: 8}, count); c.Elems != nil {
			t.Errorf("count %d: %d iocbs followed", int64(count), len(c.Elems))
		}
	}
}
