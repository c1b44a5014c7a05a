package capture

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// bpfEntry runs bpf(2)'s plans at the entry of a call of command cmd
// whose attributes of size bytes are at addr, and returns the capture of
// the attributes.
func bpfEntry(x *Executor, mem Memory, cmd, addr, size uint64) trace.Capture {
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("bpf")
	args := [trace.MaxArgs]uint64{cmd, addr, size}
	var caps [trace.MaxArgs]trace.Capture
	var bufs [trace.MaxArgs][]byte
	x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, Call{Args: &args, Caps: &caps, Bufs: &bufs})
	return caps[1]
}

// TestBPFAttrExit: bpf(2)'s attributes are read at entry (without -v,
// nothing they point to), and again at exit for BPF_OBJ_GET_INFO_BY_FD
// (whose info_len the kernel rewrites) but not for BPF_MAP_CREATE,
// whatever the call returned.
func TestBPFAttrExit(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("bpf")
	x := Executor{StringLimit: 32}
	run := func(cmd uint64, exitRet int64) trace.Capture {
		args := [trace.MaxArgs]uint64{cmd, base, 16}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		le.PutUint32(mem.data[4:], 152)
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
		if len(caps[1].Data) != 16 || slices.ContainsFunc(caps[1].Elems, func(c trace.Capture) bool { return c.Present() }) {
			t.Fatalf("cmd %d entry: %+v", cmd, caps[1])
		}
		le.PutUint32(mem.data[4:], 104) // the kernel's answer
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, exitRet, call)
		return caps[1]
	}
	for _, ret := range []int64{0, -22} {
		c := run(15, ret)
		if len(c.Elems) <= syscalls.BPFAttrExit || le.Uint32(c.Data[4:]) != 152 {
			t.Fatalf("info by fd, ret %d: %+v", ret, c)
		}
		if ex := c.Elems[syscalls.BPFAttrExit]; len(ex.Data) != 16 || le.Uint32(ex.Data[4:]) != 104 {
			t.Errorf("info by fd, ret %d: exit copy %+v", ret, ex)
		}
	}
	if c := run(0, 3); len(c.Elems) != 0 || le.Uint32(c.Data[4:]) != 152 {
		t.Errorf("map create: exit capture %+v, want the entry's alone", c)
	}
}

// TestBPFNestedCapture: BPF_PROG_LOAD's license and log buffer are read
// at entry as strace reads them: the license as a C string of at most
// -s bytes, the log as one of at most log_size bytes; its instructions
// only under -v.
func TestBPFNestedCapture(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	le.PutUint64(mem.data[16:], base+256) // license
	le.PutUint32(mem.data[28:], 4)        // log_size
	le.PutUint64(mem.data[32:], base+512) // log_buf
	copy(mem.data[256:], "GPL\x00")
	copy(mem.data[512:], "log test\x00")
	x := Executor{StringLimit: 32}
	es := bpfEntry(&x, mem, 5, base, 72).Elems
	if len(es) != syscalls.BPFAttrNested+3 || es[syscalls.BPFAttrNested+2].Present() {
		t.Fatalf("elems %+v, want the license and the log, and no instructions without -v", es)
	}
	if lic := es[syscalls.BPFAttrNested]; string(lic.Data) != "GPL" || lic.Truncated {
		t.Errorf("license %+v", lic)
	}
	if log := es[syscalls.BPFAttrNested+1]; string(log.Data) != "log " || log.Truncated || log.Faulted {
		t.Errorf("log %+v, want its 4 bytes whole, no NUL among them", log)
	}
	// The log's 4 bytes end the readable memory: strace reads them and
	// not one more.
	le.PutUint64(mem.data[32:], base+4092)
	copy(mem.data[4092:], "tail")
	if log := bpfEntry(&x, mem, 5, base, 72).Elems[syscalls.BPFAttrNested+1]; string(log.Data) != "tail" || log.Faulted {
		t.Errorf("log before unreadable memory: %+v", log)
	}
	// A NUL within them ends the string.
	copy(mem.data[4092:], "ta\x00l")
	if log := bpfEntry(&x, mem, 5, base, 72).Elems[syscalls.BPFAttrNested+1]; string(log.Data) != "ta" || log.Truncated || log.Faulted {
		t.Errorf("log with a NUL: %+v", log)
	}
	// Attributes too short to hold the log's pointer: only the license.
	if es := bpfEntry(&x, mem, 5, base, 32).Elems; len(es) != syscalls.BPFAttrNested+3 || es[syscalls.BPFAttrNested+1].Present() || string(es[syscalls.BPFAttrNested].Data) != "GPL" {
		t.Errorf("32 bytes: elems %+v", es)
	}
}

// TestBPFStrArrayCapture: BPF_LINK_CREATE's kprobe_multi.syms, an array
// of string pointers, is read with each string it points to (none for
// NULL) after the command's other arrays; an iterator's array is not
// read for that attach type.
func TestBPFStrArrayCapture(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	le.PutUint32(mem.data[8:], 42) // BPF_TRACE_KPROBE_MULTI
	le.PutUint32(mem.data[20:], 3) // cnt
	le.PutUint64(mem.data[24:], base+256)
	le.PutUint64(mem.data[32:], base+512)
	le.PutUint64(mem.data[256:], base+1024)
	le.PutUint64(mem.data[272:], base+1040)
	copy(mem.data[1024:], "foo\x00")
	copy(mem.data[1040:], "OH\x00")
	x := Executor{StringLimit: 32}
	es := bpfEntry(&x, mem, 28, base, 48).Elems
	if len(es) != syscalls.BPFAttrNested+4 || es[syscalls.BPFAttrNested].Present() {
		t.Fatalf("elems %+v", es)
	}
	syms := es[syscalls.BPFAttrNested+1]
	if len(syms.Data) != 24 || len(syms.Elems) != 3 || string(syms.Elems[0].Data) != "foo" || syms.Elems[1].Present() || string(syms.Elems[2].Data) != "OH" {
		t.Errorf("syms %+v", syms)
	}
	if addrs := es[syscalls.BPFAttrNested+2]; len(addrs.Data) != 24 {
		t.Errorf("addrs %+v", addrs)
	}
	if cookies := es[syscalls.BPFAttrNested+3]; cookies.Present() {
		t.Errorf("cookies (NULL) %+v", cookies)
	}
}

// TestBPFInsnsVerbose: under -v, BPF_PROG_LOAD's instructions are read,
// insn_cnt of them.
func TestBPFInsnsVerbose(t *testing.T) {
	const base = 0x1000
	mem := &flatMem{base: base, data: make([]byte, 4096)}
	le := binary.LittleEndian
	le.PutUint32(mem.data[4:], 3)         // insn_cnt
	le.PutUint64(mem.data[8:], base+2048) // insns
	x := Executor{StringLimit: 32, Verbose: true}
	if es := bpfEntry(&x, mem, 5, base, 72).Elems; len(es) != syscalls.BPFAttrNested+3 || len(es[syscalls.BPFAttrNested+2].Data) != 3*8 {
		t.Errorf("elems %+v, want 3 instructions", es)
	}
}

// TestBPFInfoCapture: BPF_OBJ_GET_INFO_BY_FD's information is read at
// exit under -v, info_len bytes as the kernel left info_len, whether the
// call succeeded or not (strace prints it either way); without -v, not at
// all. BPF_PROG_QUERY's program ids are read only when the call
// succeeded.
func TestBPFInfoCapture(t *testing.T) {
	const base = 0x1000
	le := binary.LittleEndian
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("bpf")
	// run fills the memory at entry, and at exit sets the u32 at lenOff
	// to the kernel's answer.
	run := func(x Executor, cmd uint64, size uint64, exitRet int64, fill func(mem []byte), lenOff int, answer uint32) trace.Capture {
		mem := &flatMem{base: base, data: make([]byte, 4096)}
		fill(mem.data)
		args := [trace.MaxArgs]uint64{cmd, base, size}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
		le.PutUint32(mem.data[lenOff:], answer)
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, exitRet, call)
		ex := caps[1].Elems[syscalls.BPFAttrExit]
		if len(ex.Elems) <= syscalls.BPFAttrNested {
			return trace.Capture{}
		}
		return ex.Elems[syscalls.BPFAttrNested]
	}
	info := func(mem []byte) {
		le.PutUint32(mem[4:], 152)
		le.PutUint64(mem[8:], base+2048)
		for i := range 152 {
			mem[2048+i] = byte(i + 1)
		}
	}
	verbose := Executor{StringLimit: 32, Verbose: true}
	for _, ret := range []int64{0, -14} {
		got := run(verbose, 15, 16, ret, info, 4, 104)
		if len(got.Data) != 104 || got.Data[0] != 1 || got.Data[103] != 104 {
			t.Errorf("info, ret %d: %d bytes %v, want the 104 the kernel left", ret, len(got.Data), got.Data)
		}
	}
	if got := run(Executor{StringLimit: 32}, 15, 16, 0, info, 4, 104); got.Data != nil {
		t.Errorf("info without -v: %d bytes read", len(got.Data))
	}
	query := func(mem []byte) {
		le.PutUint64(mem[16:], base+2048)
		le.PutUint32(mem[24:], 4)
	}
	if got := run(verbose, 16, 28, 0, query, 24, 2); len(got.Data) != 2*4 {
		t.Errorf("prog ids of a call that succeeded: %d bytes, want 8", len(got.Data))
	}
	if got := run(verbose, 16, 28, -22, query, 24, 2); got.Data != nil {
		t.Errorf("prog ids of a call that failed: %d bytes read", len(got.Data))
	}
}

// objMem is a flatMem whose descriptors are all one kind of BPF object;
// asked records the descriptors asked about.
type objMem struct {
	*flatMem
	obj   syscalls.BPFObject
	asked []int32
	// run is VcpuRun's answer for any descriptor (0: none).
	run uint64
}

func (m *objMem) BPFObject(fd int32) syscalls.BPFObject {
	m.asked = append(m.asked, fd)
	return m.obj
}

func (m *objMem) VcpuRun(fd int32) (uint64, bool) {
	m.asked = append(m.asked, fd)
	return m.run, m.run != 0
}

// TestBPFProgInfoCapture: under -v, BPF_OBJ_GET_INFO_BY_FD's information
// is read at entry and at exit, each time with what the descriptor
// refers to; at exit, a program's information read whole brings the
// arrays it points to, counted by the lengths the kernel left: the JITed
// code (-s bytes and one more) whatever the call returned, the
// translated instructions and the map ids (the whole ones before an
// unreadable page) when it succeeded. A map's brings none, nor does
// information cut short, nor memory that cannot tell what a descriptor
// is.
func TestBPFProgInfoCapture(t *testing.T) {
	const (
		base    = 0x1000
		info    = base + 1024
		jited   = base + 2048
		xlated  = base + 2304
		mapIDs  = base + 4096 - 4 // one id before the end of the memory
		infoLen = 232
	)
	le := binary.LittleEndian
	tbl := syscalls.X86_64
	nr, _ := tbl.Lookup("bpf")
	run := func(mem Memory, data []byte, exitLen uint32, ret int64) (entry, exit trace.Capture) {
		le.PutUint32(data[0:], 6)
		le.PutUint32(data[4:], infoLen)
		le.PutUint64(data[8:], info)
		in := data[info-base:]
		le.PutUint32(in[16:], 0)
		le.PutUint32(in[20:], 3*8)
		le.PutUint64(in[24:], jited)
		le.PutUint64(in[32:], xlated)
		le.PutUint32(in[52:], 1)
		le.PutUint64(in[56:], mapIDs)
		args := [trace.MaxArgs]uint64{15, base, 16}
		var caps [trace.MaxArgs]trace.Capture
		var bufs [trace.MaxArgs][]byte
		call := Call{Args: &args, Caps: &caps, Bufs: &bufs}
		x := Executor{StringLimit: 32, Verbose: true}
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtEntry, 0, call)
		// The kernel's answer.
		le.PutUint32(data[4:], exitLen)
		le.PutUint32(in[16:], 86)
		le.PutUint32(in[20:], 17*8)
		le.PutUint32(in[52:], 2)
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, ret, call)
		entry = caps[1].Elems[syscalls.BPFAttrNested]
		if ex := caps[1].Elems[syscalls.BPFAttrExit]; len(ex.Elems) > syscalls.BPFAttrNested {
			exit = ex.Elems[syscalls.BPFAttrNested]
		}
		return entry, exit
	}
	newMem := func(obj syscalls.BPFObject) (*objMem, []byte) {
		flat := &flatMem{base: base, data: make([]byte, 4096)}
		return &objMem{flatMem: flat, obj: obj}, flat.data
	}

	mem, data := newMem(syscalls.BPFObjProg)
	entry, exit := run(mem, data, infoLen, 0)
	if len(entry.Data) != infoLen || le.Uint32(entry.Data[20:]) != 3*8 || syscalls.BPFObject(entry.Aux) != syscalls.BPFObjProg || entry.Elems != nil {
		t.Errorf("entry: %d bytes, xlated_prog_len %d, object %d, %d arrays; want the 232 bytes as they were, a program, none",
			len(entry.Data), le.Uint32(entry.Data[20:]), entry.Aux, len(entry.Elems))
	}
	if len(mem.asked) != 2 || mem.asked[0] != 6 || mem.asked[1] != 6 {
		t.Errorf("descriptors asked about: %v, want 6 at entry and at exit", mem.asked)
	}
	if len(exit.Data) != infoLen || syscalls.BPFObject(exit.Aux) != syscalls.BPFObjProg || len(exit.Elems) != int(syscalls.ProgInfoArrays) {
		t.Fatalf("exit: %d bytes, object %d, %d arrays", len(exit.Data), exit.Aux, len(exit.Elems))
	}
	if c := exit.Elems[syscalls.ProgInfoJited]; len(c.Data) != 33 || !c.Truncated {
		t.Errorf("JITed code: %d bytes (truncated %v), want 33 of the 86", len(c.Data), c.Truncated)
	}
	if c := exit.Elems[syscalls.ProgInfoXlated]; len(c.Data) != 17*8 {
		t.Errorf("translated instructions: %d bytes, want the 17 the kernel counted", len(c.Data))
	}
	if c := exit.Elems[syscalls.ProgInfoMapIDs]; len(c.Data) != 4 {
		t.Errorf("map ids: %d bytes, want the one before the unreadable page", len(c.Data))
	}

	mem, data = newMem(syscalls.BPFObjProg)
	if _, exit := run(mem, data, infoLen, -14); len(exit.Elems) != int(syscalls.ProgInfoArrays) ||
		len(exit.Elems[syscalls.ProgInfoJited].Data) != 33 ||
		exit.Elems[syscalls.ProgInfoXlated].Present() || exit.Elems[syscalls.ProgInfoMapIDs].Present() {
		t.Errorf("failed call: arrays %+v, want the JITed code alone", exit.Elems)
	}

	// Cut after the translated instructions' pointer: no map ids.
	mem, data = newMem(syscalls.BPFObjProg)
	if _, exit := run(mem, data, 40, 0); len(exit.Data) != 40 || len(exit.Elems) != int(syscalls.ProgInfoArrays) ||
		!exit.Elems[syscalls.ProgInfoXlated].Present() || exit.Elems[syscalls.ProgInfoMapIDs].Present() {
		t.Errorf("40 bytes: %d bytes, arrays %+v", len(exit.Data), exit.Elems)
	}

	mem, data = newMem(syscalls.BPFObjMap)
	if entry, exit := run(mem, data, infoLen, 0); syscalls.BPFObject(entry.Aux) != syscalls.BPFObjMap || exit.Elems != nil {
		t.Errorf("map: object %d, %d arrays, want a map's and none", entry.Aux, len(exit.Elems))
	}

	flat := &flatMem{base: base, data: make([]byte, 4096)}
	if entry, exit := run(flat, flat.data, infoLen, 0); entry.Aux != 0 || exit.Aux != 0 || exit.Elems != nil || len(exit.Data) != infoLen {
		t.Errorf("memory without descriptors: objects %d and %d, %d arrays", entry.Aux, exit.Aux, len(exit.Elems))
	}
}
