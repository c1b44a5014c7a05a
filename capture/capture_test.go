package capture

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestByteLen(t *testing.T) {
	args := [trace.MaxArgs]uint64{0, 0, 10, math.MaxUint64, 2 * syscalls.PageSize, 2*syscalls.PageSize + 1}
	for _, tc := range []struct {
		name string
		p    syscalls.Plan
		ret  int64
		n    uint64
		ok   bool
	}{
		{"fixed", syscalls.Plan{Len: syscalls.LenFixed, Size: 16}, 0, 16, true},
		{"arg", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2}, 0, 10, true},
		{"arg elems", syscalls.Plan{Len: syscalls.LenArg, LenArg: 2, ElemSize: 8}, 0, 80, true},
		{"arg overflow", syscalls.Plan{Len: syscalls.LenArg, LenArg: 3, ElemSize: 8}, 0, math.MaxUint64, true},
		{"pages", syscalls.Plan{Len: syscalls.LenArgPages, LenArg: 4, ElemSize: 1}, 0, 2, true},
		{"pages and a part", syscalls.Plan{Len: syscalls.LenArgPages, LenArg: 5, ElemSize: 1}, 0, 3, true},
		{"part of a page", syscalls.Plan{Len: syscalls.LenArgPages, LenArg: 2, ElemSize: 1}, 0, 1, true},
		{"ret", syscalls.Plan{Len: syscalls.LenRet}, 7, 7, true},
		{"ret zero", syscalls.Plan{Len: syscalls.LenRet}, 0, 0, false},
		{"ret error", syscalls.Plan{Len: syscalls.LenRet}, -2, 0, false},
	} {
		n, ok := ByteLen(&tc.p, &args, tc.ret)
		if n != tc.n || ok != tc.ok {
			t.Errorf("%s: ByteLen = %d, %v; want %d, %v", tc.name, n, ok, tc.n, tc.ok)
		}
	}
}

// TestKeepEntry: a KeepEntry plan's exit capture holds the entry copy and
// then the exit copy, whatever the call returned.
func TestKeepEntry(t *testing.T) {
	const base = 0x1000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenFixed, Size: 4, KeepEntry: true}}
	for _, tc := range []struct {
		name string
		ret  int64
		want []byte
	}{
		{"success", 0, []byte{110, 0, 0, 0, 2, 0, 0, 0}},
		{"failure", -22, []byte{110, 0, 0, 0, 2, 0, 0, 0}},
	} {
		mem := &flatMem{base: base, data: []byte{110, 0, 0, 0}}
		args := [trace.MaxArgs]uint64{1: base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		c := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, c)
		mem.data[0] = 2 // the call stores its result
		x.Run(mem, &plans, syscalls.AtExit, tc.ret, c)
		if got := caps[1]; !bytes.Equal(got.Data, tc.want) || got.Aux != 4 {
			t.Errorf("%s: capture %v (aux %d), want %v (aux 4)", tc.name, got.Data, got.Aux, tc.want)
		}
	}
}

// TestFileHandlePlan: name_to_handle_at's struct file_handle is read
// at entry, its header alone (syscalls.Plan.Header), and at exit with
// its f_handle, the entry copy kept; at the end of a mapping, what
// precedes it (strace reads the header, then the f_handle it says).
func TestFileHandlePlan(t *testing.T) {
	nr, _ := syscalls.X86_64.Lookup("name_to_handle_at")
	plans := syscalls.X86_64.Get(nr).Plan
	if p := plans[2]; !p.KeepEntry || !p.PageRest || p.Size != syscalls.FileHandleSize || p.Header != syscalls.FileHandleHeader {
		t.Fatalf("handle plan %+v", p)
	}
	const base = 0x1000
	for _, tc := range []struct {
		name       string
		addr       uint64
		entry, all int
	}{
		{"whole", base, syscalls.FileHandleHeader, syscalls.FileHandleHeader + syscalls.FileHandleSize},
		{"page end", base + syscalls.PageSize - 16, syscalls.FileHandleHeader, syscalls.FileHandleHeader + 16},
		{"header at the page end", base + syscalls.PageSize - syscalls.FileHandleHeader, syscalls.FileHandleHeader, 2 * syscalls.FileHandleHeader},
	} {
		mem := &flatMem{base: base, data: make([]byte, syscalls.PageSize)}
		off := tc.addr - base
		binary.LittleEndian.PutUint32(mem.data[off:], 128)
		args := [trace.MaxArgs]uint64{2: tc.addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		c := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, c)
		binary.LittleEndian.PutUint32(mem.data[off:], 8) // the kernel's handle_bytes
		x.Run(mem, &plans, syscalls.AtExit, 0, c)
		got := caps[2]
		if got.Faulted || len(got.Data) != tc.all || got.Aux != uint64(tc.entry) ||
			binary.LittleEndian.Uint32(got.Data) != 128 || binary.LittleEndian.Uint32(got.Data[tc.entry:]) != 8 {
			t.Errorf("%s: capture of %d bytes (aux %d, faulted %v), want %d (aux %d)", tc.name, len(got.Data), got.Aux, got.Faulted, tc.all, tc.entry)
		}
	}
}

// TestIoctlPlan checks the LenIoctl plan: _IOC_SIZE bytes; a legacy
// request's 64 bytes, or its page's rest; FS_IOC_FIEMAP's extents at exit
// under -v.
func TestIoctlPlan(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{2: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenIoctl, LenArg: 1, Size: syscalls.IoctlArgMax}}
	hdr := make([]byte, syscalls.FiemapSize+2*syscalls.FiemapExtentSize)
	hdr[syscalls.FiemapMappedOff] = 2
	for _, tc := range []struct {
		name      string
		req, addr uint64
		when      syscalls.When
		n, elems  int
	}{
		{"sized", 0x80084502, 0x1000, syscalls.AtEntry, 8, 0},
		{"legacy", 0x0301, 0x1000, syscalls.AtEntry, 64, 0},
		{"legacy page end", 0x0301, 0x1000 + 4096 - 16, syscalls.AtEntry, 16, 0},
		{"legacy sized", 0x4c04, 0x1000, syscalls.AtEntry, 232, 0},
		{"fiemap exit", syscalls.IoctlFiemap, 0x1000, syscalls.AtExit, syscalls.FiemapSize, 2 * syscalls.FiemapExtentSize},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 4096)}
		copy(mem.data[tc.addr-0x1000:], hdr)
		args := [trace.MaxArgs]uint64{1: tc.req, 2: tc.addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x := Executor{Verbose: true}
		x.Run(mem, &plans, tc.when, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		got := caps[2]
		elems := 0
		if len(got.Elems) > 0 {
			elems = len(got.Elems[0].Data)
		}
		if got.Faulted || len(got.Data) != tc.n || elems != tc.elems {
			t.Errorf("%s: %d bytes, %d extent bytes, faulted %v; want %d, %d", tc.name, len(got.Data), elems, got.Faulted, tc.n, tc.elems)
		}
	}
}

// TestPrefix: a LenPrefix plan copies the larger of its size and the
// string limit plus one, or, when that cannot be read whole, what lies
// before the end of the first page; nothing when even that fails.
func TestPrefix(t *testing.T) {
	const pageEnd = 0x2000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtExit, Len: syscalls.LenPrefix, Size: 16}}
	for _, tc := range []struct {
		name  string
		addr  uint64
		limit int
		n     int
		fault bool
	}{
		{"whole", pageEnd - 64, 4, 16, false},
		{"string limit", pageEnd - 64, 32, 33, false},
		{"page end", pageEnd - 4, 4, 4, false},
		{"unmapped", pageEnd, 4, 0, true},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 0x1000)}
		args := [trace.MaxArgs]uint64{1: tc.addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x := Executor{StringLimit: tc.limit}
		x.Run(mem, &plans, syscalls.AtExit, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		if got := caps[1]; len(got.Data) != tc.n || got.Faulted != tc.fault {
			t.Errorf("%s: %d bytes (faulted %v), want %d (faulted %v)", tc.name, len(got.Data), got.Faulted, tc.n, tc.fault)
		}
	}
}

// TestFromStack: a plan that finds its object from the stack pointer
// (rt_sigreturn's mask) reads it there and records that address in Aux,
// faulted or not.
func TestFromStack(t *testing.T) {
	nr, ok := syscalls.Native().Lookup("rt_sigreturn")
	if !ok {
		t.Fatal("no rt_sigreturn")
	}
	plan := syscalls.Native().Get(nr).Plan[0]
	if !plan.FromStack {
		t.Fatalf("rt_sigreturn's mask plan %+v does not read from the stack", plan)
	}
	plans := [trace.MaxArgs]syscalls.Plan{0: plan}
	for _, tc := range []struct {
		name  string
		sp    uint64
		fault bool
	}{
		{"mapped", 0x1800, false},
		{"unmapped", 0x4000, true},
	} {
		data := make([]byte, 0x1000)
		want := tc.sp + uint64(int64(plan.StackOffset))
		if !tc.fault {
			copy(data[want-0x1000:], []byte{0, 2, 0, 0, 0, 0, 0, 0})
		}
		mem := &flatMem{base: 0x1000, data: data}
		var args [trace.MaxArgs]uint64
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, SP: tc.sp, Caps: &caps, Bufs: &bufs})
		got := caps[0]
		if got.Aux != want || got.Faulted != tc.fault || (!tc.fault && (len(got.Data) != 8 || got.Data[1] != 2)) {
			t.Errorf("%s: %+v, want the 8 bytes at %#x (faulted %v)", tc.name, got, want, tc.fault)
		}
	}
}

// TestArrayPageRest: an array that runs into unreadable memory is copied
// up to the last whole element before it, and marked truncated; a count
// held in an int argument counts with its lower 32 bits (LenArg32).
func TestArrayPageRest(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{0: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenArg32, LenArg: 1, ElemSize: 8, Size: 8 * syscalls.MaxArrayElems}}
	for _, tc := range []struct {
		name       string
		addr, n    uint64
		want       int
		trunc, flt bool
	}{
		{"whole", 0x1000, 4, 32, false, false},
		{"upper bits ignored", 0x1000, 0xfacefeed00000004, 32, false, false},
		{"cut at the page's end", 0x2000 - 12, 4, 8, true, false},
		{"no whole element", 0x2000 - 4, 4, 0, false, true},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 0x1000)}
		args := [trace.MaxArgs]uint64{0: tc.addr, 1: tc.n}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		if got := caps[0]; len(got.Data) != tc.want || got.Truncated != tc.trunc || got.Faulted != tc.flt {
			t.Errorf("%s: %d bytes, truncated %v, faulted %v; want %d, %v, %v", tc.name, len(got.Data), got.Truncated, got.Faulted, tc.want, tc.trunc, tc.flt)
		}
	}
}

// TestIoctlNested: BLKPG's struct blkpg_ioctl_arg brings the struct
// blkpg_partition its data field points to.
func TestIoctlNested(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{2: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenIoctl, LenArg: 1, Size: syscalls.IoctlArgMax}}
	mem := &flatMem{base: 0x1000, data: make([]byte, 4096)}
	mem.data[16], mem.data[17] = 0x00, 0x12 // data = 0x1200
	mem.data[0x200] = 7
	for _, when := range []syscalls.When{syscalls.AtEntry, syscalls.AtExit} {
		args := [trace.MaxArgs]uint64{1: 0x1269, 2: 0x1000}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		var x Executor
		x.Run(mem, &plans, when, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		got := caps[2]
		if len(got.Elems) != 1 || len(got.Elems[0].Data) != 152 || got.Elems[0].Data[0] != 7 {
			t.Errorf("when %d: elems %v", when, got.Elems)
		}
	}
}

// TestIoctlNestedPageRest: KDFONTOP's struct console_font_op brings its
// font data, whole or, when the data runs into unreadable memory, up to
// the end of its page; an unreadable pointer gives a faulted Elem.
func TestIoctlNestedPageRest(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{2: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenIoctl, LenArg: 1, Size: syscalls.IoctlArgMax}}
	for _, tc := range []struct {
		name  string
		data  uint64
		n     int
		fault bool
	}{
		{"to the page's end", 0x2000 - 40, 40, false},
		{"unreadable", 0x3000, 0, true},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 4096)}
		binary.LittleEndian.PutUint64(mem.data[24:], tc.data)
		args := [trace.MaxArgs]uint64{1: 0x4b72, 2: 0x1000}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		got := caps[2]
		if len(got.Data) != 32 || len(got.Elems) != 1 || len(got.Elems[0].Data) != tc.n || got.Elems[0].Faulted != tc.fault {
			t.Errorf("%s: %d bytes, elems %d", tc.name, len(got.Data), len(got.Elems))
		}
	}
}

// TestIoctlKeepEntry: the exit capture of a request of
// syscalls.IoctlKeepEntry keeps the entry's, with its nested object, as
// its last Elem, after the exit's nested object (SIOCGIFCONF), or alone
// (UFFDIO_API); a NULL argument keeps nothing.
func TestIoctlKeepEntry(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{2: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenIoctl, LenArg: 1, Size: syscalls.IoctlArgMax}}
	for _, tc := range []struct {
		name      string
		req, addr uint64
		n, elems  int
	}{
		{"ifconf", 0x8912, 0x1000, 16, 2},
		{"uffdio api", 0xc018aa3f, 0x1000, 24, 1},
		{"null", 0x8912, 0, 0, 0},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 4096)}
		binary.LittleEndian.PutUint32(mem.data[0:], 82)
		binary.LittleEndian.PutUint64(mem.data[8:], 0x1fd8) // ifc_buf: 40 bytes before the page's end
		mem.data[0x1fd8-0x1000] = 'l'
		args := [trace.MaxArgs]uint64{1: tc.req, 2: tc.addr}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		c := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, c)
		binary.LittleEndian.PutUint32(mem.data[0:], 40) // the call stores its result
		mem.data[0x1fd8-0x1000] = 'e'
		x.Run(mem, &plans, syscalls.AtExit, 0, c)
		got := caps[2]
		if len(got.Data) != tc.n || len(got.Elems) != tc.elems {
			t.Errorf("%s: %d bytes, %d elems; want %d, %d", tc.name, len(got.Data), len(got.Elems), tc.n, tc.elems)
			continue
		}
		if tc.n == 0 {
			continue
		}
		kept := got.Elems[len(got.Elems)-1]
		if binary.LittleEndian.Uint32(got.Data) != 40 || len(kept.Data) != tc.n || binary.LittleEndian.Uint32(kept.Data) != 82 {
			t.Errorf("%s: exit %v, kept entry %v", tc.name, got.Data, kept.Data)
		}
		if tc.elems == 2 && (len(got.Elems[0].Data) != 40 || got.Elems[0].Data[0] != 'e' ||
			len(kept.Elems) != 1 || len(kept.Elems[0].Data) != 40 || kept.Elems[0].Data[0] != 'l') {
			t.Errorf("%s: nested objects: exit %v, entry %v", tc.name, got.Elems[0], kept.Elems)
		}
	}
}

// TestExtPlan checks the LenExt plan: the known bytes, and the tail up to
// the size argument (at most ExtTailEnd), whole or faulted.
func TestExtPlan(t *testing.T) {
	plans := [trace.MaxArgs]syscalls.Plan{0: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenExt, LenArg: 1, Size: 24}}
	for _, tc := range []struct {
		name       string
		addr, size uint64
		n, tail    int
		tailFault  bool
	}{
		{"short", 0x1000, 11, 11, -1, false},
		{"known", 0x1000, 24, 24, -1, false},
		{"tail", 0x1000, 32, 24, 8, false},
		{"tail to a page", 0x1000, 1 << 20, 24, syscalls.ExtTailEnd - 24, false},
		{"tail unreadable", 0x1000 + 4096 - 24, 32, 24, 0, true},
	} {
		mem := &flatMem{base: 0x1000, data: make([]byte, 4096)}
		args := [trace.MaxArgs]uint64{0: tc.addr, 1: tc.size}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		x := Executor{StringLimit: 32}
		x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		got := caps[0]
		tail, fault := -1, false
		if len(got.Elems) == 1 {
			tail, fault = len(got.Elems[0].Data), got.Elems[0].Faulted
		}
		if got.Faulted || len(got.Data) != tc.n || tail != tc.tail || fault != tc.tailFault {
			t.Errorf("%s: %d bytes, tail %d (faulted %v); want %d, %d (%v)", tc.name, len(got.Data), tail, fault, tc.n, tc.tail, tc.tailFault)
		}
	}
}

// TestHeader: a plan's Header bytes are copied besides the counted ones,
// whatever the cap.
func TestHeader(t *testing.T) {
	const base = 0x1000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry, Len: syscalls.LenArg, LenArg: 2, Header: 8}}
	mem := &flatMem{base: base, data: []byte("12345678abcdef")}
	args := [trace.MaxArgs]uint64{1: base, 2: 6}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x := Executor{StringLimit: 4}
	x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	// -s 4: four counted bytes and one more, to tell a longer buffer.
	if got := caps[1]; string(got.Data) != "12345678abcde" || !got.Truncated {
		t.Errorf("capture %q (truncated %v), want %q, truncated", got.Data, got.Truncated, "12345678abcde")
	}
}

// TestFdSetHead: a select set is read as FdSetBytes of its count; when
// that cannot be read, the first FdSetHeadBits descriptors are, or none.
func TestFdSetHead(t *testing.T) {
	const base = 0x1000
	plans := [trace.MaxArgs]syscalls.Plan{1: {Kind: syscalls.CaptureBytes, When: syscalls.AtEntry | syscalls.AtExit, Len: syscalls.LenFdSet, LenArg: 0, Size: syscalls.FdSetBytes(syscalls.FdSetMax)}}
	for _, tc := range []struct {
		name      string
		nfds, mem int
		data      int
		trunc     bool
		faulted   bool
	}{
		{"whole", 2000, 256, 256, false, false},
		{"the first descriptors", 2000, 200, 128, true, false},
		{"none", 2000, 100, 0, false, true},
		{"small and unreadable", 64, 4, 0, false, true},
		{"negative count", -1, 256, 0, false, false},
	} {
		mem := &flatMem{base: base, data: make([]byte, tc.mem)}
		args := [trace.MaxArgs]uint64{0: uint64(int64(tc.nfds)), 1: base}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		var x Executor
		x.Run(mem, &plans, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
		if got := caps[1]; len(got.Data) != tc.data || got.Truncated != tc.trunc || got.Faulted != tc.faulted {
			t.Errorf("%s: capture of %d bytes, truncated %v, faulted %v; want %d, %v, %v", tc.name, len(got.Data), got.Truncated, got.Faulted, tc.data, tc.trunc, tc.faulted)
		}
	}
}
