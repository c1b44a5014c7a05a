package decode

import (
	"math"
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// bpf(2), as strace 6.1's bpf.c prints it: the command, union bpf_attr
// as the command reads it (an extensible struct of the size the third
// argument gives, bpf_attr.go), and that size. The attributes are read
// when the size is 1 to a page; a command strace does not decode, or
// attributes that cannot be read whole, print as the address.
//
// strace reads the attributes again at exit for the commands whose
// kernel fills some fields, and prints " => " and the new value of
// next_id, info_len, prog_cnt, buf_len and a batch's count when they
// changed. Those commands' attributes are captured again at exit
// (syscalls.BPFAttrExit), and what strace prints at exit comes from that
// copy.

// bpfPageSize is the largest attribute strace reads.
const bpfPageSize = 4096

// retBPF prints bpf's result: a descriptor for the commands that return
// one when their attributes could be read, else a number (as a
// descriptor's beyond INT_MAX, which strace does not take for one).
func retBPF(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[0])
	if ev.Ret > math.MaxInt32 {
		return appendInt(b, ev.Ret)
	}
	if _, ok := bpfDecodable(ev); ok && syscalls.BPFReturnsFD(cmd) {
		return d.appendFD(b, ev, uint64(ev.Ret))
	}
	return appendInt(b, ev.Ret)
}

// bpfDecodable returns the attributes of ev's command when strace
// decodes them: a command it knows, a size of 1 to a page, and
// attributes read whole.
func bpfDecodable(ev *trace.Event) ([]byte, bool) {
	size := uint32(ev.Args[2])
	if bpfCmdOf(uint32(ev.Args[0])) == nil || size == 0 || size > bpfPageSize {
		return nil, false
	}
	return bpfAttr(ev, size)
}

// enterBPF prints bpf(2) at entry: the command, the attributes its
// decoder reads (their part strace prints at entry) and the size, unless
// the command prints it at exit.
func enterBPF(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cmd := uint32(ev.Args[0])
	b = d.enum(b, bpfCommands, uint64(cmd))
	b = d.sep(b)
	attr, ok := bpfDecodable(ev)
	if !ok {
		b = appendPtr(b, ev.Args[1])
		return appendBPFSize(d, b, ev)
	}
	bc := bpfCmdOf(cmd)
	p := newBPFFields(d, ev, append(b, '{'), bc, attr)
	if bc.split() {
		bc.enter(p)
		return p.b
	}
	bc.print(p)
	b = d.appendBPFExtra(p.b, attr, p.extraFrom)
	b = append(b, '}')
	if bc.sizeAtExit {
		return b
	}
	return appendBPFSize(d, b, ev)
}

// exitBPF prints what strace prints of bpf(2) at exit: the rest of the
// attributes of a command that ends them then, a batch's new count, and
// the size when it was not printed at entry. The attributes read again
// at exit print as their address when that read failed.
func exitBPF(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	attr, ok := bpfDecodable(ev)
	if !ok {
		return b
	}
	bc := bpfCmdOf(uint32(ev.Args[0]))
	if !bc.split() && !bc.sizeAtExit {
		return b
	}
	again, ok := bpfExitAttr(ev, uint32(ev.Args[2]))
	if !ok {
		b = appendPtr(b, ev.Args[1])
		return appendBPFSize(d, b, ev)
	}
	p := newBPFFields(d, ev, b, bc, again)
	p.was = newBPFFields(d, ev, nil, bc, attr).a
	if bc.split() {
		p.more = true
		bc.exit(p)
		b = d.appendBPFExtra(p.b, again, p.extraFrom)
		b = append(b, '}')
	} else if now := p.u32(bpfBatchCountOff); now != le32(p.was, bpfBatchCountOff) {
		b = append(b, " => {batch={count="...)
		b = appendUint(b, uint64(now))
		b = append(b, "}}"...)
	}
	return appendBPFSize(d, b, ev)
}

// bpfExitAttr returns the size bytes of the attributes read again at
// exit (syscalls.BPFAttrExit); false when they could not be read. When
// no capture ran at exit, the entry's copy stands for it.
func bpfExitAttr(ev *trace.Event, size uint32) ([]byte, bool) {
	cp := &ev.Captures[1]
	if len(cp.Elems) <= syscalls.BPFAttrExit {
		return bpfAttr(ev, size)
	}
	return bpfAttrOf(&cp.Elems[syscalls.BPFAttrExit], size)
}

// appendBPFSize prints the size argument after its separator.
func appendBPFSize(d *Decoder, b []byte, ev *trace.Event) []byte {
	return appendUint(d.sep(b), uint64(uint32(ev.Args[2])))
}

// bpfAttr returns the size bytes of the attributes argument 1 points to
// (its LenExt capture: the known head, then the tail), or false when
// they could not all be read.
func bpfAttr(ev *trace.Event, size uint32) ([]byte, bool) {
	return bpfAttrOf(&ev.Captures[1], size)
}

// bpfAttrOf returns the size bytes of attributes captured as cp.
func bpfAttrOf(cp *trace.Capture, size uint32) ([]byte, bool) {
	if cp.Faulted || cp.Data == nil || uint32(len(cp.Data)) > size {
		return nil, false
	}
	if uint32(len(cp.Data)) == size {
		return cp.Data, true
	}
	if len(cp.Elems) == 0 || cp.Elems[0].Faulted || uint32(len(cp.Data)+len(cp.Elems[0].Data)) != size {
		return nil, false
	}
	return append(append([]byte(nil), cp.Data...), cp.Elems[0].Data...), true
}

// appendBPFExtra prints the bytes of the attributes p beyond the known
// struct of known bytes when not all zero, as strace's
// decode_attr_extra_data: "..." without -v, else extra_data in hex.
func (d *Decoder) appendBPFExtra(b []byte, p []byte, known int) []byte {
	if len(p) <= known {
		return b
	}
	extra := p[known:]
	for _, x := range extra {
		if x == 0 {
			continue
		}
		if !d.opts.Verbose {
			return append(b, ", ..."...)
		}
		b = append(b, ", extra_data="...)
		b = d.appendQuoted(b, extra, true)
		b = append(b, " /* bytes "...)
		b = strconv.AppendInt(b, int64(known), 10)
		b = append(b, ".."...)
		b = strconv.AppendInt(b, int64(len(p)-1), 10)
		return append(b, " */"...)
	}
	return b
}

// appendCStringSz prints a char array of len(p) bytes as strace's
// print_quoted_cstring: up to its NUL, or all but its last byte and
// "..." when it has none.
func (d *Decoder) appendCStringSz(b []byte, p []byte) []byte {
	for i, c := range p {
		if c == 0 {
			return d.appendQuoted(b, p[:i], false)
		}
	}
	if len(p) == 0 {
		return append(b, `""`...)
	}
	b = d.appendQuoted(b, p[:len(p)-1], false)
	return append(b, "..."...)
}

// appendKernelVersion prints a kernel version as -X asks:
// KERNEL_VERSION(a, b, c), its number, or both.
func (d *Decoder) appendKernelVersion(b []byte, v uint32) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, uint64(v))
	}
	if d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* "...)
	}
	b = append(b, "KERNEL_VERSION("...)
	b = appendUint(b, uint64(v>>16))
	b = append(b, ", "...)
	b = appendUint(b, uint64(v>>8&0xff))
	b = append(b, ", "...)
	b = appendUint(b, uint64(v&0xff))
	b = append(b, ')')
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}
