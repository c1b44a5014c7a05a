package ptrace

import (
	"encoding/binary"
	"math"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// This file executes capture plans (syscalls.Plan): the only description of
// which tracee memory is copied. The captures follow these rules, which the
// decoder relies on:
//
//   - A NULL address, or a LenRet length with a return value <= 0, leaves
//     the capture empty (Data nil, not Faulted).
//   - An unreadable object sets Faulted and leaves Data nil.
//   - C strings: Data excludes the NUL and holds at most the limit (Size,
//     or the string limit when Size is 0) bytes; Truncated says the string
//     is longer than the limit.
//   - Byte ranges: Data holds min(length, limit) bytes; Truncated says the
//     length was larger.
//   - String arrays: Data holds the raw pointers captured, Aux the number of
//     elements (to the NULL), Elems one C string per pointer captured (none
//     for CountOnly plans unless verbose); Truncated says elements were left
//     out. Without Verbose, only StringLimit elements are captured, as
//     strace prints no more.
//   - Iovecs: Data holds the raw struct iovec array (16 bytes per element,
//     at most MaxArrayElems), Aux the count argument, Elems each element's
//     bytes (at most StringLimit elements without Verbose), each limited by
//     the string limit and, for an exit capture, by what the return value
//     says was transferred. A failed call gets no Elems.
//   - Msghdrs: Data holds the raw struct msghdr, Aux (at exit) the
//     msg_namelen it held at entry, Elems its name, iovecs (shaped as an
//     iovec capture) and control bytes, as syscalls.CaptureMsghdr says.

// maxStringArrayElems caps the elements of a string array copied under -v.
const maxStringArrayElems = 4096

// maxStringArrayCount caps how far a string array is counted.
const maxStringArrayCount = 1 << 20

// iovecSize is sizeof(struct iovec) on 64-bit architectures.
const iovecSize = 16

// runPlans executes the plans of tk's syscall that are due at when (AtEntry
// or AtExit), storing the captures in tk.caps. ret is the return value at
// exit.
func (tr *tracer) runPlans(tk *task, when syscalls.When, ret int64) {
	sc := tk.sc
	for i := range sc.Plan {
		p := &sc.Plan[i]
		if p.Kind == syscalls.CaptureNone || p.When&when == 0 {
			continue
		}
		if d := tk.caps[i].Data; cap(d) > cap(tk.bufs[i]) {
			tk.bufs[i] = d[:0] // an entry capture the exit one replaces
		}
		tk.caps[i] = tr.capture(tk, i, p, when, ret)
	}
}

// stringLimit returns the -s limit.
func (tr *tracer) stringLimit() int {
	if tr.opts.StringLimit < 0 {
		return 0
	}
	return tr.opts.StringLimit
}

// limitOf is a plan's byte cap: its Size, or the string limit.
func (tr *tracer) limitOf(p *syscalls.Plan) uint64 {
	if p.Size != 0 {
		return uint64(p.Size)
	}
	return uint64(tr.stringLimit())
}

// capture executes plan p for argument i.
func (tr *tracer) capture(tk *task, i int, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	addr := tk.args[i]
	if p.FromStack {
		addr = tk.sp + uint64(int64(p.StackOffset))
	}
	if addr == 0 {
		return trace.Capture{}
	}
	switch p.Kind {
	case syscalls.CaptureCString:
		data, trunc, fault := tr.mem.readCString(tk.tid, addr, int(tr.limitOf(p)), tk.bufs[i])
		return trace.Capture{Data: data, Truncated: trunc, Faulted: fault}
	case syscalls.CaptureBytes:
		return tr.captureBytes(tk, i, addr, p, ret)
	case syscalls.CaptureStringArray:
		return tr.captureStringArray(tk.tid, addr, p)
	case syscalls.CaptureIovec:
		return tr.captureIovec(tk, addr, p, when, ret)
	case syscalls.CaptureMsghdr:
		return tr.captureMsghdr(tk, i, addr, p, when, ret)
	}
	return trace.Capture{}
}

// byteLen computes a CaptureBytes length; ok is false when there is
// nothing to copy (a LenRet capture of a call that returned <= 0).
func byteLen(p *syscalls.Plan, args *[trace.MaxArgs]uint64, ret int64) (n uint64, ok bool) {
	switch p.Len {
	case syscalls.LenFixed:
		return uint64(p.Size), true
	case syscalls.LenArg:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		v := args[p.LenArg]
		es := uint64(p.ElemSize)
		if es == 0 {
			es = 1
		}
		if v > math.MaxUint64/es {
			return math.MaxUint64, true
		}
		return v * es, true
	case syscalls.LenRet:
		if ret <= 0 {
			return 0, false
		}
		return uint64(ret), true
	}
	return 0, false
}

func (tr *tracer) captureBytes(tk *task, i int, addr uint64, p *syscalls.Plan, ret int64) trace.Capture {
	n, ok := byteLen(p, &tk.args, ret)
	if !ok {
		return trace.Capture{}
	}
	take := min(n, tr.limitOf(p))
	data := sized(tk.bufs[i], take)
	if data == nil {
		data = []byte{}
	}
	if err := tr.mem.read(tk.tid, addr, data); err != nil {
		return trace.Capture{Faulted: true}
	}
	return trace.Capture{Data: data, Truncated: n > take}
}

func (tr *tracer) captureStringArray(tid int, addr uint64, p *syscalls.Plan) trace.Capture {
	keep := maxStringArrayElems
	if !tr.opts.Verbose {
		if p.CountOnly {
			keep = 0
		} else {
			keep = min(keep, tr.stringLimit())
		}
	}
	ptrs, count, fault := tr.mem.readPointers(tid, addr, keep, maxStringArrayCount)
	if fault && count == 0 {
		return trace.Capture{Faulted: true}
	}
	c := trace.Capture{
		Data:      make([]byte, 8*len(ptrs)),
		Aux:       uint64(count),
		Truncated: fault || len(ptrs) < count,
	}
	for j, ptr := range ptrs {
		binary.LittleEndian.PutUint64(c.Data[8*j:], ptr)
	}
	if p.CountOnly && !tr.opts.Verbose {
		return c
	}
	limit := tr.stringLimit()
	c.Elems = make([]trace.Capture, len(ptrs))
	for j, ptr := range ptrs {
		data, trunc, f := tr.mem.readCString(tid, ptr, limit, nil)
		c.Elems[j] = trace.Capture{Data: data, Truncated: trunc, Faulted: f}
	}
	return c
}

// captureIovec executes a CaptureIovec plan: the count is an argument.
func (tr *tracer) captureIovec(tk *task, addr uint64, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	var count uint64
	if int(p.LenArg) < len(tk.args) {
		count = tk.args[p.LenArg]
	}
	return tr.readIovec(tk.tid, addr, count, when == syscalls.AtExit, ret)
}

// readIovec copies the array of count struct iovec at addr and the bytes
// each element names, as the package comment describes: at exit (atExit),
// the bytes shown are limited to the ret transferred, and a failed call
// gets no Elems. Both CaptureIovec and a msghdr's iovecs come here.
func (tr *tracer) readIovec(tid int, addr, count uint64, atExit bool, ret int64) trace.Capture {
	n := min(count, syscalls.MaxArrayElems)
	raw := make([]byte, n*iovecSize)
	if err := tr.mem.read(tid, addr, raw); err != nil {
		return trace.Capture{Faulted: true}
	}
	c := trace.Capture{Data: raw, Aux: count, Truncated: count > n}
	if atExit && ret < 0 {
		return c
	}
	k := int(n)
	if !tr.opts.Verbose {
		k = min(k, tr.stringLimit())
	}
	remaining := uint64(math.MaxUint64)
	if atExit {
		remaining = uint64(ret)
	}
	limit := uint64(tr.stringLimit())
	c.Elems = make([]trace.Capture, k)
	for j := range c.Elems {
		base := binary.LittleEndian.Uint64(raw[j*iovecSize:])
		ln := binary.LittleEndian.Uint64(raw[j*iovecSize+8:])
		ln = min(ln, remaining)
		remaining -= ln
		take := min(ln, limit)
		data := make([]byte, take)
		if take > 0 {
			if err := tr.mem.read(tid, base, data); err != nil {
				c.Elems[j] = trace.Capture{Faulted: true}
				continue
			}
		}
		c.Elems[j] = trace.Capture{Data: data, Truncated: ln > take}
	}
	return c
}
