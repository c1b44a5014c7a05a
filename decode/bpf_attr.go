package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// union bpf_attr, command by command, as strace 6.1's bpf.c prints it:
// the struct strace knows for the command (bpf_attr.h), of which the
// caller gave n bytes (the rest reads as zero), each field appearing
// once the caller's size reaches it, then the bytes beyond the struct
// when not all zero (appendBPFExtra).
//
// A program's license, log and (-v) instructions, a pinned path, a
// tracepoint's name, BTF data, BPF_LINK_CREATE's arrays and
// BPF_PROG_QUERY's program ids are captured with the attributes
// (syscalls.BPFNestedOf, BPFExitNestedOf) and print as strace prints
// them. -v's object information (BPF_OBJ_GET_INFO_BY_FD) is read at
// entry and exit; a map's and a program's print (bpfObjGetInfoExit).

// bpfCmd is how strace prints one command's attributes. Most are printed
// whole at entry (print); a command whose kernel fills some fields
// (next_id, info, prog_ids, task_fd_query's) prints them at exit
// (enter, then exit). The size argument follows the attributes, at exit
// for those and for sizeAtExit (the batch commands, which strace may
// compare at exit).
type bpfCmd struct {
	// size is sizeof the struct strace knows for the command.
	size        int
	print       func(p *bpfFields)
	enter, exit func(p *bpfFields)
	sizeAtExit  bool
}

// bpfCmds are the commands strace decodes, by number; the others print
// their attributes' address.
var bpfCmds = [...]*bpfCmd{
	0:  {size: 72, print: bpfMapCreate},
	1:  {size: 32, print: bpfMapLookupElem},
	2:  {size: 32, print: bpfMapUpdateElem},
	3:  {size: 16, print: bpfMapDeleteElem},
	4:  {size: 24, print: bpfMapGetNextKey},
	5:  {size: 128, print: bpfProgLoad},
	6:  {size: 16, print: bpfObjPin},
	7:  {size: 16, print: bpfObjPin},
	8:  {size: 20, print: bpfProgAttach},
	9:  {size: 12, print: bpfProgDetach},
	10: {size: 76, print: bpfProgTestRun},
	11: bpfGetNextID,
	12: bpfGetNextID,
	13: {size: 12, print: bpfGetFDByID("prog_id")},
	14: {size: 12, print: bpfGetFDByID("map_id")},
	15: {size: 16, enter: bpfObjGetInfoEnter, exit: bpfObjGetInfoExit},
	16: {size: 28, enter: bpfProgQueryEnter, exit: bpfProgQueryExit},
	17: {size: 12, print: bpfRawTracepointOpen},
	18: {size: 28, print: bpfBTFLoad},
	19: {size: 4, print: bpfU32Field("btf_id")},
	20: {size: 48, enter: bpfTaskFDQueryEnter, exit: bpfTaskFDQueryExit},
	21: {size: 32, print: bpfMapLookupElem},
	22: {size: 4, print: bpfMapFreeze},
	23: bpfGetNextID,
	24: {size: 56, print: bpfMapBatch(true), sizeAtExit: true},
	25: {size: 56, print: bpfMapBatch(true), sizeAtExit: true},
	26: {size: 56, print: bpfMapBatch(false), sizeAtExit: true},
	27: {size: 56, print: bpfMapBatchDelete, sizeAtExit: true},
	28: {size: 48, print: bpfLinkCreate},
	29: {size: 16, print: bpfLinkUpdate},
	30: {size: 4, print: bpfU32Field("link_id")},
	31: bpfGetNextID,
}

// bpfGetNextID is BPF_{PROG,MAP,BTF,LINK}_GET_NEXT_ID's: next_id is
// the kernel's answer.
var bpfGetNextID = &bpfCmd{size: 12, enter: bpfGetNextIDEnter, exit: bpfGetNextIDExit}

// bpfCmdOf returns command cmd's decoder, or nil.
func bpfCmdOf(cmd uint32) *bpfCmd {
	if int(cmd) < len(bpfCmds) {
		return bpfCmds[cmd]
	}
	return nil
}

// split reports whether the command's attributes end at exit.
func (c *bpfCmd) split() bool { return c.print == nil }

// bpfFields prints the fields of one command's attributes into b.
type bpfFields struct {
	d  *Decoder
	ev *trace.Event
	b  []byte
	// a is the struct strace knows, zero-padded; n is how many of its
	// bytes the caller gave.
	a []byte
	n int
	// extraFrom is where the bytes appendBPFExtra checks begin: the
	// struct's size, unless the command says less (BPF_LINK_CREATE).
	extraFrom int
	// more is set once a field was printed in the innermost struct.
	more bool
	// was is, at exit, the struct as the entry's copy held it (a's
	// layout), for the fields strace prints as "OLD => NEW" or " => NEW".
	was []byte
}

// changed prints " => " and the u32 at off when it differs from the
// entry's.
func (p *bpfFields) changed(off int) {
	if now := p.u32(off); now != le32(p.was, off) {
		p.b = append(p.b, " => "...)
		p.b = appendUint(p.b, uint64(now))
	}
}

// newBPFFields returns the printer of command c's attributes attr (the
// size bytes the caller gave).
func newBPFFields(d *Decoder, ev *trace.Event, b []byte, c *bpfCmd, attr []byte) *bpfFields {
	a := make([]byte, c.size)
	n := copy(a, attr)
	return &bpfFields{d: d, ev: ev, b: b, a: a, n: n, extraFrom: c.size}
}

// has reports whether the caller's size reaches past offset off, where
// strace stops printing fields later kernels added.
func (p *bpfFields) has(off int) bool { return p.n > off }

func (p *bpfFields) u32(off int) uint32 { return le32(p.a, off) }
func (p *bpfFields) u64(off int) uint64 { return le64(p.a, off) }

// name starts a field: ", " after another, its name and "=".
func (p *bpfFields) name(s string) {
	if p.more {
		p.b = append(p.b, ", "...)
	}
	p.more = true
	p.b = append(p.b, s...)
	p.b = append(p.b, '=')
}

// open starts a struct field (name={), close ends it.
func (p *bpfFields) open(s string) {
	p.name(s)
	p.b = append(p.b, '{')
	p.more = false
}

func (p *bpfFields) close() {
	p.b = append(p.b, '}')
	p.more = true
}

// uint prints a u32 field in decimal; u64f a u64 one.
func (p *bpfFields) uint(s string, off int) {
	p.name(s)
	p.b = appendUint(p.b, uint64(p.u32(off)))
}

func (p *bpfFields) u64f(s string, off int) {
	p.name(s)
	p.b = appendUint(p.b, p.u64(off))
}

// hex prints a u32 field as %#x; hex64 a u64 one.
func (p *bpfFields) hex(s string, off int) {
	p.name(s)
	p.b = appendHex(p.b, uint64(p.u32(off)))
}

func (p *bpfFields) hex64(s string, off int) {
	p.name(s)
	p.b = appendHex(p.b, p.u64(off))
}

// fd prints a u32 field holding a descriptor, as a C int.
func (p *bpfFields) fd(s string, off int) {
	p.name(s)
	p.b = p.d.appendFD(p.b, p.ev, uint64(int64(int32(p.u32(off)))))
}

// addr prints a u64 field holding an address.
func (p *bpfFields) addr(s string, off int) {
	p.name(s)
	p.b = appendPtr(p.b, p.u64(off))
}

// enum prints a u32 field of value table x; flags a u32 flag set,
// flags64 a u64 one.
func (p *bpfFields) enum(s string, x *xlat, off int) {
	p.name(s)
	p.b = p.d.enum(p.b, x, uint64(p.u32(off)))
}

func (p *bpfFields) flags(s string, x *xlat, off int) {
	p.name(s)
	p.b = p.d.flags(p.b, x, uint64(p.u32(off)))
}

func (p *bpfFields) flags64(s string, x *xlat, off int) {
	p.name(s)
	p.b = p.d.flags(p.b, x, p.u64(off))
}

// nested returns the capture of object j of those the command's
// attributes point to (syscalls.BPFNestedOf), or nil when none was made.
func (p *bpfFields) nested(j int) *trace.Capture {
	es := p.ev.Captures[1].Elems
	if k := syscalls.BPFAttrNested + j; k < len(es) {
		return &es[k]
	}
	return nil
}

// nestedArray prints field s, the array of n elements of esize bytes
// the pointer at off points to, from nested object j's capture, as
// strace's print_array with elem printing each element.
func (p *bpfFields) nestedArray(s string, j, off int, n uint64, esize int, elem func(b []byte, e []byte, k uint64) []byte) {
	p.name(s)
	p.b = p.d.appendNestedArray(p.b, p.u64(off), n, esize, p.nested(j), elem)
}

// appendHexElem prints a u64 array element in hex (print_xint_array_member).
func appendHexElem(b []byte, e []byte, _ uint64) []byte { return appendHex(b, le64(e, 0)) }

// appendU32Elem prints a u32 array element in decimal
// (print_uint_array_member).
func appendU32Elem(b []byte, e []byte, _ uint64) []byte { return appendUint(b, uint64(le32(e, 0))) }

// exitNested returns the capture of object j of those the attributes
// read again at exit point to (syscalls.BPFExitNestedOf), or nil.
func (p *bpfFields) exitNested(j int) *trace.Capture {
	es := p.ev.Captures[1].Elems
	if len(es) <= syscalls.BPFAttrExit {
		return nil
	}
	if es := es[syscalls.BPFAttrExit].Elems; syscalls.BPFAttrNested+j < len(es) {
		return &es[syscalls.BPFAttrNested+j]
	}
	return nil
}

// bpfTPNameSize is strace's TP_NAME_SIZE, the most of a raw tracepoint's
// name it reads.
const bpfTPNameSize = 128

// strz prints field s, the string of at most n bytes at addr captured
// as c, as strace's printstr_ex with QUOTE_0_TERMINATED: at most -s
// bytes, "..." when no NUL ends it within them, the address when it
// could not be read.
func (p *bpfFields) strz(s string, addr, n uint64, c *trace.Capture) {
	p.name(s)
	limit := uint64(max(p.d.opts.StringLimit, 0))
	switch {
	case addr == 0 || n == 0:
		p.b = appendStrexAddr(p.b, addr, uint32(n))
	case c == nil || c.Faulted || c.Data == nil:
		p.b = appendPtr(p.b, addr)
	case n > limit:
		p.b = p.d.appendCString(p.b, c.Data, c.Truncated)
	default:
		// The capture holds the string up to its NUL, or all n bytes.
		show := c.Data[:min(uint64(len(c.Data)), n)]
		p.b = p.d.appendQuoted(p.b, show, false)
		if uint64(len(show)) == n {
			p.b = append(p.b, "..."...)
		}
	}
}

// appendArrayAddr prints the address of an array of count elements
// strace could not read: NULL, [] for none, else the address.
func appendArrayAddr(b []byte, addr, count uint64) []byte {
	if addr != 0 && count == 0 {
		return append(b, "[]"...)
	}
	return appendPtr(b, addr)
}

// cstring prints a char array of size bytes at off (strace's
// PRINT_FIELD_CSTRING_SZ).
func (p *bpfFields) cstring(s string, off, size int) {
	p.name(s)
	p.b = p.d.appendCStringSz(p.b, p.a[off:off+size])
}

// The commands' printers. Offsets are those of bpf_attr.h's structs.

func bpfMapCreate(p *bpfFields) {
	p.enum("map_type", bpfMapTypes, 0)
	p.uint("key_size", 4)
	p.uint("value_size", 8)
	p.uint("max_entries", 12)
	if !p.has(16) {
		return
	}
	p.flags("map_flags", bpfMapFlags, 16)
	if !p.has(20) {
		return
	}
	p.fd("inner_map_fd", 20)
	if !p.has(24) {
		return
	}
	if p.u32(16)&bpfMapFlagNumaNode != 0 {
		p.name("numa_node")
		p.b = appendUint(p.b, uint64(p.u32(24)))
		if s, ok := numaNodes.lookup(uint64(p.u32(24))); ok {
			p.b = appendComment(p.b, s)
		}
	}
	if !p.has(28) {
		return
	}
	p.cstring("map_name", 28, min(16, p.n-28))
	if !p.has(44) {
		return
	}
	p.name("map_ifindex")
	p.b = p.d.appendIfindex(p.b, p.u32(44))
	if !p.has(48) {
		return
	}
	p.fd("btf_fd", 48)
	p.uint("btf_key_type_id", 52)
	p.uint("btf_value_type_id", 56)
	if !p.has(60) {
		return
	}
	p.uint("btf_vmlinux_value_type_id", 60)
	if !p.has(64) {
		return
	}
	p.u64f("map_extra", 64)
}

func bpfMapLookupElem(p *bpfFields) {
	p.fd("map_fd", 0)
	p.addr("key", 8)
	p.addr("value", 16)
	if !p.has(24) {
		return
	}
	p.flags64("flags", bpfMapLookupElemFlags, 24)
}

func bpfMapUpdateElem(p *bpfFields) {
	p.fd("map_fd", 0)
	p.addr("key", 8)
	p.addr("value", 16)
	p.name("flags")
	p.b = p.d.enum(p.b, bpfMapUpdateElemFlags, p.u64(24))
}

func bpfMapDeleteElem(p *bpfFields) {
	p.fd("map_fd", 0)
	p.addr("key", 8)
}

func bpfMapGetNextKey(p *bpfFields) {
	p.fd("map_fd", 0)
	p.addr("key", 8)
	p.addr("next_key", 16)
}

func bpfMapFreeze(p *bpfFields) { p.fd("map_fd", 0) }

func bpfProgLoad(p *bpfFields) {
	p.enum("prog_type", bpfProgTypes, 0)
	p.uint("insn_cnt", 4)
	// -v prints the instructions; without it, their address.
	if p.d.opts.Verbose {
		p.nestedArray("insns", 2, 8, uint64(p.u32(4)), ebpfInsnSize, p.d.appendEBPFInsn)
	} else {
		p.addr("insns", 8)
	}
	p.name("license")
	p.b = p.d.appendStringAt(p.b, p.u64(16), p.nested(0))
	if !p.has(24) {
		return
	}
	p.uint("log_level", 24)
	p.uint("log_size", 28)
	p.strz("log_buf", p.u64(32), uint64(p.u32(28)), p.nested(1))
	if !p.has(40) {
		return
	}
	p.name("kern_version")
	p.b = p.d.appendKernelVersion(p.b, p.u32(40))
	if !p.has(44) {
		return
	}
	p.flags("prog_flags", bpfProgFlags, 44)
	if !p.has(48) {
		return
	}
	p.cstring("prog_name", 48, min(16, p.n-48))
	if !p.has(64) {
		return
	}
	p.name("prog_ifindex")
	p.b = p.d.appendIfindex(p.b, p.u32(64))
	if !p.has(68) {
		return
	}
	p.enum("expected_attach_type", bpfAttachTypes, 68)
	if !p.has(72) {
		return
	}
	p.fd("prog_btf_fd", 72)
	p.uint("func_info_rec_size", 76)
	p.addr("func_info", 80)
	p.uint("func_info_cnt", 88)
	p.uint("line_info_rec_size", 92)
	p.addr("line_info", 96)
	p.uint("line_info_cnt", 104)
	if !p.has(108) {
		return
	}
	p.uint("attach_btf_id", 108)
	if !p.has(112) {
		return
	}
	p.fd("attach_prog_fd", 112)
	if !p.has(120) {
		return
	}
	p.addr("fd_array", 120)
}

// appendStrexAddr prints a buffer of n bytes strace reads as a string
// (printstr_ex) when it cannot: NULL, "" for none (nothing to read),
// else the address.
func appendStrexAddr(b []byte, addr uint64, n uint32) []byte {
	if addr != 0 && n == 0 {
		return append(b, `""`...)
	}
	return appendPtr(b, addr)
}

func bpfObjPin(p *bpfFields) {
	p.name("pathname")
	if c := p.nested(0); p.u64(0) != 0 && c != nil && !c.Faulted && c.Data != nil {
		p.b = p.d.appendPath(p.b, c.Data, c.Truncated)
	} else {
		p.b = appendPtr(p.b, p.u64(0))
	}
	p.fd("bpf_fd", 8)
	if !p.has(12) {
		return
	}
	p.flags("file_flags", bpfFileModeFlags, 12)
}

func bpfProgAttach(p *bpfFields) {
	p.fd("target_fd", 0)
	p.fd("attach_bpf_fd", 4)
	p.enum("attach_type", bpfAttachTypes, 8)
	p.flags("attach_flags", bpfAttachFlags, 12)
	if !p.has(16) {
		return
	}
	p.fd("replace_bpf_fd", 16)
}

func bpfProgDetach(p *bpfFields) {
	p.fd("target_fd", 0)
	p.enum("attach_type", bpfAttachTypes, 8)
}

func bpfProgTestRun(p *bpfFields) {
	p.open("test")
	p.fd("prog_fd", 0)
	p.uint("retval", 4)
	p.uint("data_size_in", 8)
	p.uint("data_size_out", 12)
	p.addr("data_in", 16)
	p.addr("data_out", 24)
	p.uint("repeat", 32)
	p.uint("duration", 36)
	if p.has(40) {
		p.uint("ctx_size_in", 40)
		p.uint("ctx_size_out", 44)
		p.addr("ctx_in", 48)
		p.addr("ctx_out", 56)
	}
	if p.has(64) {
		p.flags("flags", bpfTestRunFlags, 64)
		p.uint("cpu", 68)
	}
	if p.has(72) {
		p.uint("batch_size", 72)
	}
	p.close()
}

// bpfGetNextIDEnter prints what strace prints at entry of the
// GET_NEXT_ID commands; bpfGetNextIDExit the rest, at exit.
func bpfGetNextIDEnter(p *bpfFields) {
	p.uint("start_id", 0)
	p.uint("next_id", 4)
}

func bpfGetNextIDExit(p *bpfFields) {
	p.changed(4)
	if !p.has(8) {
		return
	}
	p.flags("open_flags", bpfFileModeFlags, 8)
}

// bpfGetFDByID prints BPF_{PROG,MAP}_GET_FD_BY_ID's, whose id field is
// named id.
func bpfGetFDByID(id string) func(p *bpfFields) {
	return func(p *bpfFields) {
		p.uint(id, 0)
		p.uint("next_id", 4)
		if !p.has(8) {
			return
		}
		p.flags("open_flags", bpfFileModeFlags, 8)
	}
}

// bpfU32Field prints a command's one u32 field, named name.
func bpfU32Field(name string) func(p *bpfFields) {
	return func(p *bpfFields) { p.uint(name, 0) }
}

func bpfObjGetInfoEnter(p *bpfFields) {
	p.open("info")
	p.fd("bpf_fd", 0)
	p.uint("info_len", 4)
}

// bpfObjGetInfoExit prints the information the kernel stored: under -v,
// for a map's or a program's descriptor, the struct read at exit
// (syscalls.BPFExitNestedOf), as strace does when it reads all info_len
// bytes (a page at most); else its address.
func bpfObjGetInfoExit(p *bpfFields) {
	p.changed(4)
	n := uint64(p.u32(4))
	info := p.exitNested(0)
	if !p.d.opts.Verbose || info == nil || info.Faulted || n == 0 || uint64(len(info.Data)) != n {
		p.addr("info", 8)
		p.close()
		return
	}
	switch p.bpfObject() {
	case syscalls.BPFObjMap:
		p.name("info")
		p.mapInfo(info.Data)
	case syscalls.BPFObjProg:
		p.name("info")
		p.progInfo(info, p.nested(0))
	default:
		p.addr("info", 8)
	}
	p.close()
}

// bpfObject is what the descriptor at the attributes' start refers to,
// which strace decides at the entry: as the entry's capture of the
// information found (syscalls.BPFObjInfo), else as its path says (-y).
func (p *bpfFields) bpfObject() syscalls.BPFObject {
	if e := p.nested(0); e != nil && e.Present() {
		return syscalls.BPFObject(e.Aux)
	}
	if p.d.opts.DecodeFDs&FDPath == 0 || p.d.opts.FDs == nil {
		return syscalls.BPFObjOther
	}
	path, _, ok := p.d.opts.FDs.FDPath(p.ev.TID, int32(p.u32(0)))
	if !ok {
		return syscalls.BPFObjOther
	}
	return syscalls.BPFObjectOf(path)
}

// bpfMapInfoSize is the size of strace 6.1's struct bpf_map_info.
const bpfMapInfoSize = 88

// mapInfo prints a struct bpf_map_info, info holding the bytes the caller
// asked for, as strace 6.1's print_bpf_map_info: the fields its size
// reaches, then the bytes past strace's struct when not all zero.
func (p *bpfFields) mapInfo(info []byte) {
	q := newBPFFields(p.d, p.ev, append(p.b, '{'), &bpfCmd{size: bpfMapInfoSize}, info)
	q.enum("type", bpfMapTypes, 0)
	q.uint("id", 4)
	q.uint("key_size", 8)
	q.uint("value_size", 12)
	q.uint("max_entries", 16)
	q.flags("map_flags", bpfMapFlags, 20)
	if q.has(24) {
		q.cstring("name", 24, 16)
	}
	if q.has(40) {
		q.name("ifindex")
		q.b = q.d.appendIfindex(q.b, q.u32(40))
		q.uint("btf_vmlinux_value_type_id", 44)
		q.name("netns_dev")
		q.b = q.d.appendDevStyled(q.b, q.u64(48))
		q.u64f("netns_ino", 56)
	}
	if q.has(64) {
		q.uint("btf_id", 64)
		q.uint("btf_key_type_id", 68)
		q.uint("btf_value_type_id", 72)
		q.b = q.d.appendBPFExtra(q.b, info, q.extraFrom)
	}
	p.b = append(q.b, '}')
}

func bpfProgQueryEnter(p *bpfFields) {
	p.open("query")
	p.fd("target_fd", 0)
	p.enum("attach_type", bpfAttachTypes, 4)
	p.flags("query_flags", bpfQueryFlags, 8)
	p.flags("attach_flags", bpfAttachFlags, 12)
	p.name("prog_ids")
}

// bpfProgQueryExit prints the program ids the kernel stored, which
// strace reads only when the call succeeded (the address otherwise).
func bpfProgQueryExit(p *bpfFields) {
	n := uint64(p.u32(24))
	if failed(p.ev) {
		p.b = appendArrayAddr(p.b, p.u64(16), n)
	} else {
		p.b = p.d.appendNestedArray(p.b, p.u64(16), n, 4, p.exitNested(0), appendU32Elem)
	}
	p.wasNow("prog_cnt", 24)
	p.close()
}

func bpfRawTracepointOpen(p *bpfFields) {
	p.open("raw_tracepoint")
	p.strz("name", p.u64(0), bpfTPNameSize, p.nested(0))
	p.fd("prog_fd", 8)
	p.close()
}

func bpfBTFLoad(p *bpfFields) {
	p.name("btf")
	if c, n := p.nested(0), p.u32(16); p.u64(0) != 0 && n != 0 && c != nil && !c.Faulted && c.Data != nil {
		p.b = p.d.appendBuf(p.b, c.Data, uint64(n), false)
	} else {
		p.b = appendStrexAddr(p.b, p.u64(0), n)
	}
	p.addr("btf_log_buf", 8)
	p.uint("btf_size", 16)
	p.uint("btf_log_size", 20)
	p.uint("btf_log_level", 24)
}

func bpfTaskFDQueryEnter(p *bpfFields) {
	p.open("task_fd_query")
	p.name("pid")
	p.b = p.d.appendPid(p.b, p.ev, int32(p.u32(0)), syscalls.PidTGID)
	p.fd("fd", 4)
	p.uint("flags", 8)
	p.uint("buf_len", 12)
}

func bpfTaskFDQueryExit(p *bpfFields) {
	p.changed(12)
	p.name("buf")
	p.b = appendStrexAddr(p.b, p.u64(16), min(p.u32(12), le32(p.was, 12)))
	p.uint("prog_id", 24)
	p.enum("fd_type", bpfTaskFDTypes, 28)
	p.hex64("probe_offset", 32)
	p.hex64("probe_addr", 40)
	p.close()
}

// bpfMapBatch prints BPF_MAP_LOOKUP_BATCH's and
// BPF_MAP_LOOKUP_AND_DELETE_BATCH's (lookup), or BPF_MAP_UPDATE_BATCH's.
func bpfMapBatch(lookup bool) func(p *bpfFields) {
	return func(p *bpfFields) {
		p.open("batch")
		if lookup {
			p.addr("in_batch", 0)
			p.addr("out_batch", 8)
		}
		p.addr("keys", 16)
		p.addr("values", 24)
		bpfMapBatchTail(p)
	}
}

func bpfMapBatchDelete(p *bpfFields) {
	p.open("batch")
	p.addr("keys", 16)
	bpfMapBatchTail(p)
}

// bpfBatchCountOff is where a batch command's count is.
const bpfBatchCountOff = 32

func bpfMapBatchTail(p *bpfFields) {
	p.uint("count", bpfBatchCountOff)
	p.fd("map_fd", 36)
	p.flags64("elem_flags", bpfMapLookupElemFlags, 40)
	p.hex64("flags", 48)
	p.close()
}

func bpfLinkCreate(p *bpfFields) {
	p.open("link_create")
	p.fd("prog_fd", 0)
	p.fd("target_fd", 4)
	p.enum("attach_type", bpfAttachTypes, 8)
	p.hex("flags", 12)
	if !p.has(16) {
		p.close()
		return
	}
	// strace guesses the union's member from the attach type, and
	// checks the bytes past the member it printed for extra data.
	switch p.u32(8) {
	case 0:
		if p.u32(16) != 0 {
			p.uint("target_btf_id", 16)
		}
		p.extraFrom = 20
	case bpfTraceIter:
		// An array of union bpf_iter_link_info, whose one member is a
		// map's descriptor.
		p.nestedArray("iter_info", 0, 16, uint64(p.u32(24)), 4, func(b []byte, e []byte, _ uint64) []byte {
			b = append(b, "{map={map_fd="...)
			b = p.d.appendFD(b, p.ev, uint64(int64(int32(le32(e, 0)))))
			return append(b, "}}"...)
		})
		p.uint("iter_info_len", 24)
		p.extraFrom = 28
	case bpfPerfEvent:
		p.open("perf_event")
		p.hex64("bpf_cookie", 16)
		p.close()
		p.extraFrom = 24
	case bpfTraceKprobeMulti:
		p.open("kprobe_multi")
		p.flags("flags", bpfKprobeMultiFlags, 16)
		cnt := uint64(p.u32(20))
		p.uint("cnt", 20)
		syms := p.nested(1)
		p.nestedArray("syms", 1, 24, cnt, 8, func(b []byte, e []byte, k uint64) []byte {
			var c *trace.Capture
			if syms != nil && k < uint64(len(syms.Elems)) {
				c = &syms.Elems[k]
			}
			return p.d.appendStringAt(b, le64(e, 0), c)
		})
		p.nestedArray("addrs", 2, 32, cnt, 8, appendHexElem)
		p.nestedArray("cookies", 3, 40, cnt, 8, appendHexElem)
		p.close()
		p.extraFrom = 48
	default:
		p.extraFrom = 16
	}
	p.close()
}

func bpfLinkUpdate(p *bpfFields) {
	p.open("link_update")
	p.fd("link_fd", 0)
	p.fd("new_prog_fd", 4)
	p.flags("flags", bpfAttachFlags, 8)
	if p.u32(8)&bpfFReplace != 0 {
		p.fd("old_prog_fd", 12)
	}
	p.close()
}
