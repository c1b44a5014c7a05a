package capture

import (
	"encoding/binary"
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

// TestBPFAttrExit: bpf(2)'s attributes are read at entry, and again at
// exit for BPF_OBJ_GET_INFO_BY_FD (whose info_len the kernel rewrites)
// but not for BPF_MAP_CREATE, whatever the call returned.
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
		if len(caps[1].Data) != 16 || len(caps[1].Elems) != 0 {
			t.Fatalf("cmd %d entry: %+v", cmd, caps[1])
		}
		le.PutUint32(mem.data[4:], 104) // the kernel's answer
		x.Run(mem, &tbl.Get(nr).Plan, syscalls.AtExit, exitRet, call)
		return caps[1]
	}
	for _, ret := range []int64{0, -22} {
		c := run(15, ret)
		if len(c.Elems) != syscalls.BPFAttrExit+1 || le.Uint32(c.Data[4:]) != 152 {
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
