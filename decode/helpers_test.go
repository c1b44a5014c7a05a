package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// evb builds Events for tests.
type evb struct{ ev trace.Event }

// sc returns an exit event of the named x86_64 call with ret and args.
func sc(t testing.TB, name string, ret int64, args ...uint64) *evb {
	t.Helper()
	nr, ok := syscalls.X86_64.Lookup(name)
	if !ok {
		t.Fatalf("no syscall %q", name)
	}
	e := &evb{ev: trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: int32(nr), Ret: ret}}
	copy(e.ev.Args[:], args)
	return e
}

// data sets argument i's capture.
func (e *evb) data(i int, p []byte) *evb {
	e.ev.Captures[i].Data = p
	return e
}

// inout sets argument i's capture to a 4-byte value copied at entry and
// again at exit, both kept (syscalls.CInAndOut).
func (e *evb) inout(i int, entry, exit uint32) *evb {
	e.ev.Captures[i].Data = le(nil).u32(entry).u32(exit)
	e.ev.Captures[i].Aux = 4
	return e
}

// str sets argument i's capture to a string.
func (e *evb) str(i int, s string) *evb { return e.data(i, []byte(s)) }

// elemCaps sets the Elems of argument i's capture.
func (e *evb) elemCaps(i int, cs ...trace.Capture) *evb {
	e.ev.Captures[i].Elems = cs
	return e
}

// trunc marks argument i's capture truncated.
func (e *evb) trunc(i int) *evb {
	e.ev.Captures[i].Truncated = true
	return e
}

// fault marks argument i's capture unreadable.
func (e *evb) fault(i int) *evb {
	e.ev.Captures[i].Faulted = true
	return e
}

// strs sets argument i's capture to a string array of count elements.
func (e *evb) strs(i int, count uint64, ss ...string) *evb {
	c := &e.ev.Captures[i]
	c.Aux = count
	c.Data = make([]byte, 8*len(ss))
	for _, s := range ss {
		c.Elems = append(c.Elems, trace.Capture{Data: []byte(s)})
	}
	return e
}

// enter turns the event into the entry event of a call still running.
func (e *evb) enter() *evb {
	e.ev.Kind = trace.SyscallEnter
	e.ev.Ret = 0
	return e
}

func (e *evb) get() *trace.Event { return &e.ev }

// le builds little-endian bytes from values of the given widths.
type le []byte

func (l le) u16(v uint16) le { return binary.LittleEndian.AppendUint16(l, v) }
func (l le) u32(v uint32) le { return binary.LittleEndian.AppendUint32(l, v) }
func (l le) u64(v uint64) le { return binary.LittleEndian.AppendUint64(l, v) }
func (l le) pad(n int) le    { return append(l, make([]byte, n)...) }

// whole formats a complete line without strace's column padding.
func whole(d *Decoder, ev *trace.Event) string {
	b := d.AppendEnter(nil, ev)
	b = d.AppendExit(b, ev)
	b = append(b, ' ')
	return string(d.AppendReturn(b, ev))
}
